/**
 * A sidebar block for one value (weight, due date, health status): the value or 'None', an
 * Edit button for those who may, an editor that applies or cancels (Escape cancels), a 'remove'
 * link that clears the value, and the block's own loading and failure.
 */
import { type FormEvent, type ReactNode, useState, useTransition } from 'react';
import { firstErrorMessage, type QueryState, type SidebarWriteResult } from '../../data/index.ts';
import { Button } from '../../ui/index.ts';
import { type BlockError, firstErrorOr } from './blockError.ts';
import { BlockAlert, BlockFetchError, SidebarBlock } from './SidebarParts.tsx';
import { SIDEBAR_TEXT } from './sidebarTexts.ts';

export interface ValueBlockProps<T> {
  readonly block: string;
  readonly title: string;
  readonly state: QueryState<{ readonly value: T | null } | null> & {
    save(value: T | null): Promise<SidebarWriteResult>;
  };
  readonly canUpdate: boolean;
  /** How the value reads. */
  readonly format: (value: T) => string;
  /** The editor's control, given the draft text and its setter; `describedBy` names the problem. */
  readonly editor: (
    draft: string,
    setDraft: (text: string) => void,
    describedBy: string | undefined,
  ) => ReactNode;
  /** The draft as a value, or a problem to show instead of sending. */
  readonly parse: (draft: string) => { value: T | null } | { problem: string };
  readonly toDraft: (value: T | null) => string;
  readonly removeText: string;
  readonly errorText: string;
}

export function ValueBlock<T>(props: ValueBlockProps<T>) {
  const { block, title, state, canUpdate } = props;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<BlockError | null>(null);
  const [saving, startSaving] = useTransition();
  const value = state.data?.value ?? null;
  const shown = value === null ? SIDEBAR_TEXT.none : props.format(value);
  const problemId = `${block}-problem`;

  const save = (next: T | null) => {
    setError(null);
    startSaving(async () => {
      const result = await state.save(next);
      if (result.ok) setEditing(false);
      else setError(firstErrorOr(props.errorText, result.error));
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = props.parse(draft);
    if ('problem' in parsed) {
      setProblem(parsed.problem);
      return;
    }
    setProblem(null);
    save(parsed.value);
  };
  const toggle = () => {
    setDraft(props.toDraft(value));
    setProblem(null);
    setEditing(!editing);
  };

  return (
    <SidebarBlock
      block={block}
      title={title}
      busy={state.loading || saving}
      editing={editing}
      onEdit={canUpdate && state.data ? toggle : undefined}
    >
      {state.error ? (
        <BlockFetchError text={props.errorText} detail={firstErrorMessage(state.error)} />
      ) : null}
      {editing ? (
        <form
          className="sidebar-form"
          onSubmit={submit}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !saving) {
              event.stopPropagation();
              setEditing(false);
            }
          }}
          data-testid={`sidebar-${block}-form`}
        >
          {props.editor(draft, setDraft, problem ? problemId : undefined)}
          {problem ? (
            <p id={problemId} className="sidebar-field-error" role="alert">
              {problem}
            </p>
          ) : null}
          <div className="sidebar-form-actions">
            <Button type="button" onClick={() => setEditing(false)} disabled={saving}>
              {SIDEBAR_TEXT.cancel}
            </Button>
            <Button type="submit" variant="confirm" disabled={saving} aria-busy={saving}>
              {SIDEBAR_TEXT.apply}
            </Button>
          </div>
        </form>
      ) : null}
      {state.data ? (
        <p className="sidebar-value" data-testid={`sidebar-${block}-value`}>
          <span className={value === null ? '' : 'sidebar-strong'}>{shown}</span>
          {canUpdate && value !== null && !editing ? (
            <>
              {' '}
              <span aria-hidden="true">–</span>{' '}
              <Button
                variant="tertiary"
                className="sidebar-link-button"
                onClick={() => save(null)}
                disabled={saving}
                data-testid={`sidebar-${block}-remove`}
              >
                {props.removeText}
              </Button>
            </>
          ) : null}
        </p>
      ) : null}
      {error ? <BlockAlert error={error} onDismiss={() => setError(null)} /> : null}
    </SidebarBlock>
  );
}

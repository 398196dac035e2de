/**
 * A sidebar block that picks from a searched list (milestone: one; assignees: several):
 * Edit opens a combobox over a listbox. Picking the one value saves at once; several values save
 * when the editor closes or focus leaves it (GitLab's assignee widget), Escape drops the changes.
 */
import { type FocusEvent, type KeyboardEvent, type ReactNode, useId, useState, useTransition } from 'react';
import { firstErrorMessage, type SidebarWriteResult } from '../../data/index.ts';
import { useDebouncedQuery } from '../../lib/index.ts';
import { type BlockError, firstErrorOr } from './blockError.ts';
import { BlockAlert, BlockFetchError, SidebarBlock } from './SidebarParts.tsx';
import { SIDEBAR_TEXT } from './sidebarTexts.ts';

export interface PickerItem {
  readonly key: string;
  readonly label: string;
  readonly detail?: string | undefined;
}

export interface PickerBlockProps {
  readonly block: string;
  readonly title: string;
  readonly canUpdate: boolean;
  readonly loading: boolean;
  readonly fetchError: unknown;
  /** Null before the first answer. */
  readonly selected: readonly PickerItem[] | null;
  readonly multiple: boolean;
  /** The first option, which clears the value ('No milestone', 'Unassigned'). */
  readonly noneText: string;
  readonly searchLabel: string;
  readonly search: (text: string, signal: AbortSignal) => Promise<readonly PickerItem[]>;
  readonly save: (keys: readonly string[]) => Promise<SidebarWriteResult>;
  readonly errorText: string;
  /** The value as the block shows it (links, avatars). */
  readonly children: ReactNode;
  /** Under the options while picking (the assignees' 'Invite members'). */
  readonly footer?: ReactNode;
}

export function PickerBlock(props: PickerBlockProps) {
  const { block, title, canUpdate, selected, multiple } = props;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [draft, setDraft] = useState<readonly PickerItem[]>([]);
  const [active, setActive] = useState(0);
  const [error, setError] = useState<BlockError | null>(null);
  const [saving, startSaving] = useTransition();
  const listId = useId();
  const found = useDebouncedQuery(open ? text : null, (signal) => props.search(text, signal), 250);

  const chosen = new Set(draft.map((item) => item.key));
  // The chosen ones first (so they can be taken off), then the others the search found.
  const options: PickerItem[] = [
    { key: '', label: props.noneText },
    ...draft,
    ...(found.value ?? []).filter((item) => !chosen.has(item.key)),
  ];

  const persist = (items: readonly PickerItem[]) => {
    setError(null);
    startSaving(async () => {
      const result = await props.save(items.map((item) => item.key));
      if (!result.ok) setError(firstErrorOr(props.errorText, result.error));
    });
  };
  const start = () => {
    setDraft(selected ?? []);
    setText('');
    setActive(0);
    setOpen(true);
  };
  /** Closes the editor; several values are saved then, when they changed. */
  const close = (keep: boolean) => {
    setOpen(false);
    if (!keep || !multiple) return;
    const before = (selected ?? []).map((item) => item.key).join(',');
    if (draft.map((item) => item.key).join(',') !== before) persist(draft);
  };
  const pick = (item: PickerItem) => {
    if (!multiple) {
      setOpen(false);
      persist(item.key === '' ? [] : [item]);
      return;
    }
    if (item.key === '') setDraft([]);
    else setDraft(chosen.has(item.key) ? draft.filter((one) => one.key !== item.key) : [...draft, item]);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = options[active];
      if (option) pick(option);
    } else if (event.key === 'Escape') {
      event.stopPropagation();
      close(false);
    }
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    // Focus moving within the editor (the list's options) keeps it open.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close(true);
  };
  const isSelected = (item: PickerItem) => (item.key === '' ? draft.length === 0 : chosen.has(item.key));
  const optionId = (index: number) => `${listId}-${index}`;

  return (
    <SidebarBlock
      block={block}
      title={title}
      busy={props.loading || saving}
      editing={open}
      onEdit={canUpdate && selected !== null ? () => (open ? close(true) : start()) : undefined}
    >
      {props.fetchError ? (
        <BlockFetchError text={props.errorText} detail={firstErrorMessage(props.fetchError)} />
      ) : null}
      {open ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: focus leaving the editor closes (and saves) it.
        <div className="sidebar-picker" onBlur={onBlur} data-testid={`sidebar-${block}-picker`}>
          <input
            className="form-control"
            role="combobox"
            aria-label={props.searchLabel}
            aria-expanded="true"
            aria-controls={listId}
            aria-activedescendant={optionId(active)}
            aria-autocomplete="list"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            // biome-ignore lint/a11y/noAutofocus: the editor was opened to search in it.
            autoFocus
            data-testid={`sidebar-${block}-search`}
          />
          <div
            id={listId}
            className="sidebar-picker-list"
            role="listbox"
            aria-label={title}
            aria-multiselectable={multiple}
          >
            {options.map((item, index) => (
              <div
                key={item.key || 'none'}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={isSelected(item)}
                className={index === active ? 'sidebar-picker-option is-active' : 'sidebar-picker-option'}
                // Keeps focus in the search box, so that the editor does not close.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(item)}
                onKeyDown={(event) => (event.key === 'Enter' ? pick(item) : undefined)}
              >
                <span className="sidebar-picker-check" aria-hidden="true">
                  {isSelected(item) ? '✓' : ''}
                </span>
                <span>{item.label}</span>
                {item.detail ? <span className="muted"> {item.detail}</span> : null}
              </div>
            ))}
          </div>
          {found.loading ? <p className="sidebar-note">{SIDEBAR_TEXT.loading}</p> : null}
          {found.failed ? <p className="sidebar-field-error">{SIDEBAR_TEXT.searchFailed}</p> : null}
          {props.footer}
        </div>
      ) : null}
      {selected !== null ? props.children : null}
      {error ? <BlockAlert error={error} onDismiss={() => setError(null)} /> : null}
    </SidebarBlock>
  );
}

import type { ValueBlockProps } from './ValueBlock.tsx';
import { ValueBlock } from './ValueBlock.tsx';

/** The texts a weight block shows; the issue sidebar and the work item view word errors their own way. */
export interface WeightTexts {
  readonly title: string;
  /** The input's label and placeholder ('Enter a number'). */
  readonly label: string;
  /** Shown instead of sending a draft that is not a whole number. */
  readonly invalid: string;
  readonly remove: string;
  readonly error: string;
}

/**
 * A weight as a ValueBlock: a whole number of 0 or more, typed as digits only (GitLab's weight
 * input), or none. `block` names its test ids (`sidebar-<block>-input`).
 */
export function WeightBlock({
  block,
  state,
  canUpdate,
  texts,
}: {
  block: string;
  state: ValueBlockProps<number>['state'];
  canUpdate: boolean;
  texts: WeightTexts;
}) {
  return (
    <ValueBlock<number>
      block={block}
      title={texts.title}
      state={state}
      canUpdate={canUpdate}
      format={String}
      toDraft={(value) => (value === null ? '' : String(value))}
      parse={(draft) =>
        draft.trim() === ''
          ? { value: null }
          : /^\d{1,9}$/.test(draft.trim())
            ? { value: Number(draft.trim()) }
            : { problem: texts.invalid }
      }
      editor={(draft, setDraft, describedBy) => (
        <input
          className="form-control"
          inputMode="numeric"
          aria-label={texts.label}
          placeholder={texts.label}
          aria-describedby={describedBy}
          aria-invalid={describedBy ? true : undefined}
          value={draft}
          // Digits only, as GitLab's weight input takes them.
          onChange={(event) => setDraft(event.target.value.replace(/\D/g, ''))}
          // biome-ignore lint/a11y/noAutofocus: the editor was opened to type in it.
          autoFocus
          data-testid={`sidebar-${block}-input`}
        />
      )}
      removeText={texts.remove}
      errorText={texts.error}
    />
  );
}

import { type FormEvent, type ReactNode, useId } from 'react';
import { Button } from '../../../ui/index.ts';
import { TREE_TEXT } from '../treeTexts.ts';

export interface CreateFormLayoutProps {
  /** 'epic' or 'issue': names the test ids (`create-epic-form`, `-title`, `-submit`). */
  readonly kind: 'epic' | 'issue';
  readonly title: string;
  readonly onTitleChange: (title: string) => void;
  readonly placeholder: string;
  /** The parent is confidential: the hint (spec) shows and describes the title. */
  readonly confidential: boolean;
  /** The form may be sent (the submit is disabled otherwise). */
  readonly enabled: boolean;
  readonly submitting: boolean;
  readonly submitLabel: string;
  readonly busyLabel: string;
  readonly onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  readonly onCancel: () => void;
  /** The field beside the title: the group or project dropdown. */
  readonly children: ReactNode;
}

/**
 * What both create forms of the tree share: the title field first (focused), the dropdown beside
 * it, then the confidential-parent hint and 'Create …' / Cancel; the submit says it is busy while
 * it is, and Escape anywhere in the form cancels it.
 */
export function CreateFormLayout(props: CreateFormLayoutProps) {
  const { kind, confidential, submitting } = props;
  const titleId = useId();
  const hintId = useId();
  return (
    <form
      className="tf-form"
      data-testid={`create-${kind}-form`}
      onSubmit={props.onSubmit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          props.onCancel();
        }
      }}
    >
      <div className="tf-row">
        <div className="tf-field tf-field-grow">
          <label htmlFor={titleId} className="tf-label">
            {TREE_TEXT.title}
          </label>
          <input
            id={titleId}
            type="text"
            className="input"
            placeholder={props.placeholder}
            value={props.title}
            aria-describedby={confidential ? hintId : undefined}
            // biome-ignore lint/a11y/noAutofocus: the person asked for this form; its title comes first.
            autoFocus
            data-testid={`create-${kind}-title`}
            onChange={(event) => props.onTitleChange(event.currentTarget.value)}
          />
        </div>
        <div className="tf-field">{props.children}</div>
      </div>
      {confidential ? (
        <p id={hintId} className="tf-hint">
          {TREE_TEXT.confidentialParentHint}
        </p>
      ) : null}
      <div className="tf-actions">
        <Button
          type="submit"
          variant="confirm"
          disabled={!props.enabled}
          aria-busy={submitting}
          data-testid={`create-${kind}-submit`}
        >
          {submitting ? props.busyLabel : props.submitLabel}
        </Button>
        <Button onClick={props.onCancel}>{TREE_TEXT.cancel}</Button>
      </div>
    </form>
  );
}

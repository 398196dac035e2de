import { useEffect, useId, useRef, useState } from 'react';
import { replacingNeedsConfirmation } from '../../../core/domain/issueTemplates.ts';
import type { IssueTemplate, IssueTemplates } from '../../data/index.ts';
import { Button, Dialog } from '../../ui/index.ts';
import { TEMPLATE_TEXT } from './templateTexts.ts';

export interface TemplateSelectorProps {
  /** The project's templates, from `useIssueTemplates(projectId)`. */
  readonly templates: IssueTemplates;
  /** The description as it stands: an edited one is only replaced after asking. */
  readonly description: string;
  /** Called with the chosen template once it may replace the description. */
  readonly onApply: (template: IssueTemplate) => void;
  /** A template to apply as soon as the list has it (GitLab's `?issuable_template=`); unknown names are ignored. */
  readonly preselect?: string | undefined;
  readonly disabled?: boolean | undefined;
}

/**
 * GitLab's description template dropdown for issue forms (new issue; the edit form later): a select
 * of the project's templates, shown only when there are some. Choosing one reads its content and
 * hands it to `onApply`; when the description was edited since the last template (or typed before
 * any), it asks first, as GitLab does.
 */
export function TemplateSelector({
  templates,
  description,
  onApply,
  preselect,
  disabled,
}: TemplateSelectorProps) {
  const id = useId();
  const [chosen, setChosen] = useState('');
  const [pending, setPending] = useState<IssueTemplate | null>(null);
  const [failed, setFailed] = useState(false);
  // The content last put in the description: an untouched template is replaced without asking.
  const lastApplied = useRef('');
  const preselected = useRef(false);

  const apply = (template: IssueTemplate) => {
    lastApplied.current = template.content;
    setChosen(template.name);
    setPending(null);
    onApply(template);
  };

  const choose = async (name: string) => {
    setFailed(false);
    if (name === '') return;
    try {
      const template = await templates.fetchTemplate(name);
      if (replacingNeedsConfirmation(description, lastApplied.current)) setPending(template);
      else apply(template);
    } catch (error) {
      console.error(error);
      setFailed(true);
    }
  };

  const { loading, templates: list } = templates;
  // Once, when the list first arrives; `choose` reads the description of that moment.
  // biome-ignore lint/correctness/useExhaustiveDependencies: choose is not a trigger, only the list is.
  useEffect(() => {
    if (preselected.current || loading || !preselect) return;
    preselected.current = true;
    if (list.some((template) => template.name === preselect)) void choose(preselect);
  }, [loading, list, preselect]);

  if (templates.failed) return <p className="muted template-selector-note">{TEMPLATE_TEXT.loadFailed}</p>;
  if (list.length === 0) return null;
  return (
    <div className="template-selector" data-testid="template-selector">
      <label htmlFor={id}>{TEMPLATE_TEXT.label}</label>
      <select
        id={id}
        className="input"
        value={chosen}
        disabled={disabled}
        onChange={(event) => void choose(event.target.value)}
        data-testid="template-select"
      >
        <option value="">{TEMPLATE_TEXT.choose}</option>
        {list.map((template) => (
          <option key={template.key} value={template.name}>
            {template.name}
          </option>
        ))}
      </select>
      {failed ? (
        <p className="text-danger template-selector-note" role="alert">
          {TEMPLATE_TEXT.applyFailed}
        </p>
      ) : null}
      <Dialog
        open={pending !== null}
        title={TEMPLATE_TEXT.confirmTitle}
        onClose={() => setPending(null)}
        testId="template-confirm-dialog"
      >
        <p>{TEMPLATE_TEXT.confirmBody}</p>
        <div className="dialog-actions">
          <Button onClick={() => setPending(null)}>{TEMPLATE_TEXT.cancel}</Button>
          <Button
            variant="confirm"
            onClick={() => pending && apply(pending)}
            data-testid="template-confirm-apply"
          >
            {TEMPLATE_TEXT.apply}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

import { Button } from '../../../ui/index.ts';
import { TREE_TEXT } from '../treeTexts.ts';

/**
 * The end of both create forms: the confidential-parent hint (spec §5) and the submit and cancel
 * buttons; the submit is disabled until the form may be sent and says it is busy while it is.
 */
export function CreateFormFooter({
  confidential,
  hintId,
  enabled,
  submitting,
  label,
  busyLabel,
  testId,
  onCancel,
}: {
  confidential: boolean;
  hintId: string;
  enabled: boolean;
  submitting: boolean;
  label: string;
  busyLabel: string;
  testId: string;
  onCancel: () => void;
}) {
  return (
    <>
      {confidential ? (
        <p id={hintId} className="tf-hint">
          {TREE_TEXT.confidentialParentHint}
        </p>
      ) : null}
      <div className="tf-actions">
        <Button
          type="submit"
          variant="confirm"
          disabled={!enabled}
          aria-busy={submitting}
          data-testid={testId}
        >
          {submitting ? busyLabel : label}
        </Button>
        <Button onClick={onCancel}>{TREE_TEXT.cancel}</Button>
      </div>
    </>
  );
}

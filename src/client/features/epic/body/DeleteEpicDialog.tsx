import { ISSUABLE_TEXT } from '../../../components/issuable/index.ts';
import { csrfToken } from '../../../data/index.ts';
import { Button, Dialog } from '../../../ui/index.ts';
import { EPIC_TEXT } from './epicTexts.ts';

/**
 * GitLab's delete modal: a real form posting `_method=delete`, the authenticity token and
 * `destroy_confirm=true` to the epic's path; the server redirects to the epics list with a flash.
 */
export function DeleteEpicDialog({
  open,
  endpoint,
  onClose,
}: {
  open: boolean;
  endpoint: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} title={EPIC_TEXT.deleteEpicTitle} onClose={onClose} testId="delete-epic-dialog">
      <form method="post" action={endpoint} data-testid="delete-epic-form">
        <input type="hidden" name="_method" value="delete" />
        <input type="hidden" name="authenticity_token" value={csrfToken() ?? ''} />
        <input type="hidden" name="destroy_confirm" value="true" />
        <p>{EPIC_TEXT.deleteEpicBody}</p>
        <div className="dialog-actions">
          <Button onClick={onClose}>{ISSUABLE_TEXT.cancel}</Button>
          <Button type="submit" variant="danger" data-testid="delete-epic-confirm">
            {EPIC_TEXT.deleteEpic}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

import { csrfToken } from '../../data/index.ts';
import { Button, Dialog } from '../../ui/index.ts';
import { ISSUABLE_TEXT } from './issuableTexts.ts';

export interface DeleteIssuableTexts {
  readonly title: string;
  readonly body: string;
  /** The confirming button: 'Delete epic', 'Delete issue'. */
  readonly confirm: string;
}

/**
 * GitLab's delete modal: a real form posting `_method=delete`, the authenticity token and
 * `destroy_confirm=true` to the item's path; the server redirects to the list with a flash.
 */
export function DeleteIssuableDialog({
  noun,
  texts,
  open,
  endpoint,
  onClose,
}: {
  noun: 'epic' | 'issue';
  texts: DeleteIssuableTexts;
  open: boolean;
  endpoint: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} title={texts.title} onClose={onClose} testId={`delete-${noun}-dialog`}>
      <form method="post" action={endpoint} data-testid={`delete-${noun}-form`}>
        <input type="hidden" name="_method" value="delete" />
        <input type="hidden" name="authenticity_token" value={csrfToken() ?? ''} />
        <input type="hidden" name="destroy_confirm" value="true" />
        <p>{texts.body}</p>
        <div className="dialog-actions">
          <Button onClick={onClose}>{ISSUABLE_TEXT.cancel}</Button>
          <Button type="submit" variant="danger" data-testid={`delete-${noun}-confirm`}>
            {texts.confirm}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * The body's Delete button under an issuable and the dialog it opens; the edit form's Delete opens
 * the same dialog through `deleting`.
 */
export function IssuableDeleteSection({
  noun,
  texts,
  endpoint,
  deleting,
  onDeletingChange,
}: {
  noun: 'epic' | 'issue';
  texts: DeleteIssuableTexts;
  endpoint: string;
  deleting: boolean;
  onDeletingChange: (deleting: boolean) => void;
}) {
  return (
    <>
      <div className="issuable-delete">
        <Button
          variant="danger"
          icon="trash"
          onClick={() => onDeletingChange(true)}
          data-testid={`${noun}-delete`}
        >
          {texts.confirm}
        </Button>
      </div>
      <DeleteIssuableDialog
        noun={noun}
        texts={texts}
        open={deleting}
        endpoint={endpoint}
        onClose={() => onDeletingChange(false)}
      />
    </>
  );
}

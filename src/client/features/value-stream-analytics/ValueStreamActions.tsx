/**
 * The header's value stream controls: the stream shown (a select of the group's streams), and for
 * those who may shape them, New value stream, and Edit and Delete of the shown custom stream.
 */
import { useId, useState } from 'react';
import { deleteValueStream, type ValueStream } from '../../data/index.ts';
import { Alert, Button, Dialog } from '../../ui/index.ts';
import { VSA_TEXT } from './vsaTexts.ts';

export function ValueStreamActions({
  fullPath,
  streams,
  current,
  canAdmin,
  onSelect,
  onCreate,
  onEdit,
  onDeleted,
}: {
  fullPath: string;
  streams: readonly ValueStream[];
  current: ValueStream | null;
  canAdmin: boolean;
  onSelect: (id: number) => void;
  onCreate: () => void;
  onEdit: () => void;
  onDeleted: (stream: ValueStream) => void;
}) {
  const selectId = useId();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const custom = current?.isCustom === true;
  return (
    <div className="vsa-stream-actions">
      <label htmlFor={selectId} className="sr-only">
        {VSA_TEXT.valueStream}
      </label>
      <select
        id={selectId}
        className="select vsa-stream-select"
        value={current ? String(current.id) : ''}
        disabled={streams.length === 0}
        onChange={(event) => onSelect(Number(event.target.value))}
        data-testid="vsa-stream-select"
      >
        {streams.map((stream) => (
          <option key={stream.id} value={stream.id}>
            {stream.name}
          </option>
        ))}
      </select>
      {canAdmin ? (
        <>
          {custom ? (
            <>
              <Button icon="pencil" onClick={onEdit} data-testid="vsa-edit-stream">
                {VSA_TEXT.edit}
              </Button>
              <Button
                variant="danger"
                icon="trash"
                onClick={() => {
                  setProblem(null);
                  setConfirming(true);
                }}
                data-testid="vsa-delete-stream"
              >
                {VSA_TEXT.delete}
              </Button>
            </>
          ) : null}
          <Button variant="confirm" onClick={onCreate} data-testid="vsa-new-stream">
            {VSA_TEXT.newValueStream}
          </Button>
        </>
      ) : null}
      {confirming && current ? (
        <Dialog
          open
          title={VSA_TEXT.deleteTitle(current.name)}
          onClose={() => setConfirming(false)}
          testId="vsa-delete-dialog"
        >
          {problem ? <Alert variant="danger">{problem}</Alert> : null}
          <p>{VSA_TEXT.deleteBody(current.name)}</p>
          <div className="vsa-form-footer">
            <Button onClick={() => setConfirming(false)}>{VSA_TEXT.cancel}</Button>
            <Button
              variant="danger"
              disabled={deleting}
              data-testid="vsa-delete-confirm"
              onClick={async () => {
                setDeleting(true);
                const answer = await deleteValueStream(fullPath, current.id);
                setDeleting(false);
                if (!answer.ok) {
                  setProblem(answer.error);
                  return;
                }
                setConfirming(false);
                onDeleted(current);
              }}
            >
              {VSA_TEXT.delete}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}

import { useState } from 'react';
import { stopEnvironment } from '../../data/index.ts';
import { usePushToast } from '../../state/index.ts';
import { Alert, Button, Dialog } from '../../ui/index.ts';
import { ENVIRONMENT_TEXT, stopLabel, stoppingTitle } from './environmentTexts.ts';

/**
 * GitLab's Stop button of an active environment and its confirmation: the environment stops (or,
 * with a stop job to wait for, starts stopping) once confirmed; a refusal shows in the dialog. The
 * dialog exists only while open: a list of environments holds one button each.
 */
export function StopEnvironmentButton({
  projectId,
  environment,
  onStopped,
}: {
  projectId: string;
  environment: { readonly id: number; readonly name: string };
  onStopped: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const pushToast = usePushToast();
  const close = () => {
    setOpen(false);
    setFailure(null);
  };
  const stop = async () => {
    setBusy(true);
    setFailure(null);
    const result = await stopEnvironment(projectId, environment.id);
    setBusy(false);
    if (!result.ok) {
      setFailure(result.error || ENVIRONMENT_TEXT.stopFailed);
      return;
    }
    if (result.value && result.value.state !== 'stopped') pushToast(ENVIRONMENT_TEXT.stopWaits);
    close();
    onStopped();
  };
  return (
    <>
      <Button
        icon="stop"
        onClick={() => setOpen(true)}
        aria-label={stopLabel(environment.name)}
        data-testid="stop-environment"
      >
        {ENVIRONMENT_TEXT.stop}
      </Button>
      {open ? (
        <Dialog
          open={open}
          title={stoppingTitle(environment.name)}
          onClose={close}
          testId="stop-environment-dialog"
        >
          <p>{ENVIRONMENT_TEXT.stopConfirm}</p>
          {failure ? (
            <Alert variant="danger" testId="stop-environment-error">
              {failure}
            </Alert>
          ) : null}
          <div className="dialog-actions">
            <Button onClick={close}>{ENVIRONMENT_TEXT.cancel}</Button>
            <Button
              variant="danger"
              onClick={() => void stop()}
              disabled={busy}
              aria-busy={busy}
              data-testid="stop-environment-confirm"
            >
              {ENVIRONMENT_TEXT.stopEnvironment}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}

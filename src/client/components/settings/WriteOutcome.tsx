import type { Writes } from '../../lib/index.ts';
import { Alert } from '../../ui/index.ts';

/** How a settings form's last save went: the server's refusal, or its notice. */
export function WriteOutcome({ writes }: { writes: Pick<Writes, 'error' | 'notice'> }) {
  return (
    <>
      {writes.error ? (
        <Alert variant="danger" testId="settings-error">
          {writes.error}
        </Alert>
      ) : null}
      {writes.notice ? (
        <Alert variant="success" testId="settings-notice">
          {writes.notice}
        </Alert>
      ) : null}
    </>
  );
}

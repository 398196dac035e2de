import { useCallback, useEffect, useState } from 'react';
import { usePushToast } from '../../state/index.ts';
import { keepNoticeForReload, takeKeptNotice } from './memberNotice.ts';

/**
 * Runs the members page's writes: one at a time, the failure shown as a toast with the server's
 * message; on success either a toast (an edit shown in place) or a reload that shows its notice
 * once the page, with its lists read again, is back.
 */
export function useMembersWrite(): {
  readonly busy: boolean;
  run(write: () => Promise<void>, outcome: { notice: string; reload: boolean }): Promise<boolean>;
} {
  const pushToast = usePushToast();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const notice = takeKeptNotice();
    if (notice) pushToast(notice, 'success');
  }, [pushToast]);
  const run = useCallback(
    async (write: () => Promise<void>, outcome: { notice: string; reload: boolean }) => {
      setBusy(true);
      try {
        await write();
      } catch (error) {
        pushToast(error instanceof Error ? error.message : String(error), 'danger');
        setBusy(false);
        return false;
      }
      if (outcome.reload) {
        keepNoticeForReload(outcome.notice);
        window.location.reload();
        return true;
      }
      pushToast(outcome.notice, 'success');
      setBusy(false);
      return true;
    },
    [pushToast],
  );
  return { busy, run };
}

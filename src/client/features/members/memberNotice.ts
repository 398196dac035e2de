import { browserStorage, readStoredEntry, writeStoredEntry } from '../../lib/index.ts';

/**
 * A notice that outlives the page's reload: the members page reloads after a write that changes
 * its lists (GitLab reloads after an invitation the same way, under this key) and shows the
 * notice once it is back.
 */
const NOTICE_KEY = 'members_invited_successfully';
const WHAT = 'members notices';

export function keepNoticeForReload(message: string): void {
  writeStoredEntry(browserStorage(WHAT), NOTICE_KEY, message, WHAT);
}

/** The kept notice, once: it is forgotten as it is read. */
export function takeKeptNotice(): string | null {
  const storage = browserStorage(WHAT);
  const message = readStoredEntry(storage, NOTICE_KEY, (text) => text, null, WHAT);
  if (message !== null) writeStoredEntry(storage, NOTICE_KEY, null, WHAT);
  return message;
}

/**
 * Drafts of the title and description kept in local storage while the edit form is open, so nothing
 * typed is lost to a crash, a reload or a closed tab (GitLab's autosave: keyed by page path, search and
 * field). The lock version the draft started from is kept beside it: a draft older than the saved
 * description is "outdated" and the form asks whether to keep it.
 */

import { browserStorage } from '../../lib/index.ts';

export type DraftField = 'title' | 'description';

export interface Draft {
  readonly title: string | null;
  readonly description: string | null;
  /** The lock version the draft was started from; null when unknown. */
  readonly lockVersion: number | null;
}

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function autosaveKey(pagePath: string, search: string, field: DraftField | 'lockVersion'): string {
  return ['autosave', pagePath, search, field].join('/');
}

/** Storage can be missing or refuse writes (private mode, quota): a draft is then simply not kept. */
function attempt<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

export class DraftStore {
  constructor(
    private readonly storage: DraftStorage | null,
    private readonly pagePath: string,
    private readonly search = '',
  ) {}

  load(): Draft | null {
    const storage = this.storage;
    if (!storage) return null;
    const read = (field: DraftField | 'lockVersion') =>
      attempt(() => storage.getItem(autosaveKey(this.pagePath, this.search, field)), null);
    const title = read('title');
    const description = read('description');
    if (title === null && description === null) return null;
    const lockVersion = read('lockVersion');
    return {
      title,
      description,
      lockVersion: lockVersion !== null && /^\d+$/.test(lockVersion) ? Number(lockVersion) : null,
    };
  }

  save(field: DraftField, value: string, lockVersion: number): void {
    const storage = this.storage;
    if (!storage) return;
    attempt(() => {
      storage.setItem(autosaveKey(this.pagePath, this.search, field), value);
      storage.setItem(autosaveKey(this.pagePath, this.search, 'lockVersion'), String(lockVersion));
    }, undefined);
  }

  clear(): void {
    const storage = this.storage;
    if (!storage) return;
    for (const field of ['title', 'description', 'lockVersion'] as const) {
      attempt(() => storage.removeItem(autosaveKey(this.pagePath, this.search, field)), undefined);
    }
  }
}

/** Whether a kept draft predates the description now saved (someone saved since it was started). */
export function isDraftOutdated(draft: Draft | null, savedLockVersion: number): boolean {
  return (
    draft !== null &&
    draft.description !== null &&
    draft.lockVersion !== null &&
    draft.lockVersion !== savedLockVersion
  );
}

export function localDraftStorage(): DraftStorage | null {
  return browserStorage('Drafts');
}

import { type TaskToggle, toggleTask } from '../../core/domain/taskListSource.ts';
import { StaleEditError } from './errors.ts';

/** The edit form's text fields, with GitLab's `update_task` in place of a whole description. */
export interface TextChanges {
  readonly description?: string | undefined;
  readonly lockVersion?: number | undefined;
  readonly updateTask?: TaskToggle | undefined;
}

/**
 * Turns an `update_task` into the description it makes, read from the stored one. The save then
 * goes through the usual lock-version check, against the version the client names or else the
 * one read here, so a concurrent edit is refused (409) instead of being overwritten. A task line
 * that is gone or changed is refused the same way: the client refetches.
 */
export function resolveTaskToggle<T extends TextChanges>(
  current: { readonly description: string; readonly lock_version: number },
  changes: T,
): T {
  if (!changes.updateTask) return changes;
  const description = toggleTask(current.description, changes.updateTask);
  if (description === null) throw new StaleEditError();
  return { ...changes, description, lockVersion: changes.lockVersion ?? current.lock_version };
}

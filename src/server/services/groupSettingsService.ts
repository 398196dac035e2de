import type { Executor } from '../db/executor.ts';
import { updateNamespaceSettings } from '../db/repositories/namespaceRepository.ts';
import type { NamespaceRow } from '../db/schema.ts';
import type { AccessContext } from './access.ts';
import { ForbiddenError, NotFoundError } from './errors.ts';
import { ancestorsOf } from './groupService.ts';

/**
 * GitLab's `emails_disabled?`: a group's notification emails are off when it or any group above it
 * turned them off (an owner's setting covers the subgroups). `chain` is the group and its ancestors.
 */
export function emailsDisabledInChain(chain: readonly Pick<NamespaceRow, 'emails_disabled'>[]): boolean {
  return chain.some((group) => group.emails_disabled);
}

export async function areEmailsDisabled(db: Executor, group: NamespaceRow): Promise<boolean> {
  if (group.emails_disabled) return true;
  return group.parent_id !== null && emailsDisabledInChain(await ancestorsOf(db, group));
}

/** The owner's switch for the group's emails (GitLab's group setting `emails_disabled`). */
export async function setGroupEmailsDisabled(
  db: Executor,
  access: AccessContext,
  group: NamespaceRow,
  disabled: boolean,
  now: Date,
): Promise<NamespaceRow> {
  if (!(await access.canInNamespace('admin_group', group))) throw new ForbiddenError();
  const updated = await updateNamespaceSettings(db, group.id, { emails_disabled: disabled }, now);
  if (!updated) throw new NotFoundError('Group');
  return updated;
}

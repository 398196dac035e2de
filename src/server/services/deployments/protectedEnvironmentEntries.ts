import { MAX_REQUIRED_APPROVALS } from '../../../core/domain/deployments.ts';
import type { Executor } from '../../db/executor.ts';
import { findMembershipsOfUser } from '../../db/repositories/memberRepository.ts';
import {
  type AccessEntryWrite,
  type EntryTable,
  findInvitedGroupIds,
} from '../../db/repositories/protectedEnvironmentRepository.ts';
import type { ApprovalRuleRow, DeployAccessLevelRow } from '../../db/schema.ts';
import type { ProjectInNamespace } from '../issueService.ts';
import { RecordNotFoundError, UnprocessableError } from './deploymentAccess.ts';

/**
 * A protected environment's entries (deploy access levels and approval rules) as a request gives
 * them: what each becomes when written, how an update adds, changes and deletes them (Rails' nested
 * attributes), and GitLab's validation of them.
 */

/** Most entries one request may name in each list: a request's cost stays bounded. */
export const MAX_ACCESS_ENTRIES = 100;

/** One entry as a request gives it; on update, `id` names an entry to change or (`destroy`) delete. */
export interface AccessEntryInput {
  readonly id?: number | undefined;
  readonly destroy?: boolean | undefined;
  readonly accessLevel?: number | undefined;
  readonly userId?: number | undefined;
  readonly groupId?: number | undefined;
  readonly groupInheritanceType?: 0 | 1 | undefined;
  readonly requiredApprovals?: number | undefined;
}

export const DEPLOY: EntryTable = 'protected_environment_deploy_access_levels';
export const APPROVAL: EntryTable = 'protected_environment_approval_rules';

/** An entry as it will be written: the kind given, and the defaults GitLab gives the rest. */
export type EntryWrite = AccessEntryWrite & { readonly requiredApprovals?: number | undefined };

export const newEntry = (input: AccessEntryInput): EntryWrite => ({
  accessLevel: input.accessLevel ?? null,
  userId: input.userId ?? null,
  groupId: input.groupId ?? null,
  groupInheritanceType: input.groupInheritanceType ?? 0,
  requiredApprovals: input.requiredApprovals ?? 1,
});

const kindGiven = (input: AccessEntryInput) =>
  input.accessLevel !== undefined || input.userId !== undefined || input.groupId !== undefined;

/** An existing entry changed by what the input gives: a new kind replaces the old one whole. */
function changedEntry(row: DeployAccessLevelRow | ApprovalRuleRow, input: AccessEntryInput): EntryWrite {
  const kind = kindGiven(input)
    ? { accessLevel: input.accessLevel ?? null, userId: input.userId ?? null, groupId: input.groupId ?? null }
    : { accessLevel: row.access_level, userId: row.user_id, groupId: row.group_id };
  return {
    ...kind,
    groupInheritanceType: input.groupInheritanceType ?? row.group_inheritance_type,
    requiredApprovals:
      input.requiredApprovals ?? ('required_approvals' in row ? row.required_approvals : undefined),
  };
}

export interface PlannedChanges {
  readonly inserts: EntryWrite[];
  readonly updates: { readonly id: number; readonly entry: EntryWrite }[];
  readonly deletes: number[];
}

export function planChanges(
  existing: readonly (DeployAccessLevelRow | ApprovalRuleRow)[],
  inputs: readonly AccessEntryInput[],
): PlannedChanges {
  const plan: PlannedChanges = { inserts: [], updates: [], deletes: [] };
  for (const input of inputs) {
    if (input.id === undefined) {
      // A new entry marked for destruction is simply not made (Rails' nested attributes).
      if (!input.destroy) plan.inserts.push(newEntry(input));
      continue;
    }
    const row = existing.find((entry) => entry.id === input.id);
    if (!row) throw new RecordNotFoundError();
    if (input.destroy) plan.deletes.push(row.id);
    else plan.updates.push({ id: row.id, entry: changedEntry(row, input) });
  }
  return plan;
}

/**
 * GitLab's validation of the entries (422 with every message): one kind each, a user who is a member
 * of the project, a group that holds the project or has it shared with it, and 1 to 5 required
 * approvals. Reads each named user's memberships and the groups once.
 */
export async function validateEntries(
  db: Executor,
  place: ProjectInNamespace,
  deploy: readonly EntryWrite[],
  approval: readonly EntryWrite[],
): Promise<void> {
  const all = [...deploy, ...approval];
  const userIds = [...new Set(all.flatMap((entry) => (entry.userId === null ? [] : [entry.userId])))];
  const groupIds = [...new Set(all.flatMap((entry) => (entry.groupId === null ? [] : [entry.groupId])))];
  const members = new Set<number>();
  for (const userId of userIds) {
    if (await isProjectMember(db, place, userId)) members.add(userId);
  }
  const invited = new Set(await findInvitedGroupIds(db, place.project.id, groupIds));
  const eligibleGroups = new Set([...place.namespace.traversal_ids, ...invited]);
  const messages: string[] = [];
  const check = (prefix: string, entries: readonly EntryWrite[], withApprovals: boolean) => {
    for (const entry of entries) {
      if (entry.accessLevel === null && entry.userId === null && entry.groupId === null) {
        messages.push(`${prefix} access level can't be blank`);
      }
      if (entry.userId !== null && !members.has(entry.userId)) {
        messages.push(`${prefix} user is not a member of the project`);
      }
      if (entry.groupId !== null && !eligibleGroups.has(entry.groupId)) {
        messages.push(
          `${prefix} group must be the project's group, one of its ancestors, or invited to the project`,
        );
      }
      const required = entry.requiredApprovals ?? 1;
      if (withApprovals && required < 1) messages.push(`${prefix} required approvals must be greater than 0`);
      if (withApprovals && required > MAX_REQUIRED_APPROVALS) {
        messages.push(`${prefix} required approvals must be less than or equal to ${MAX_REQUIRED_APPROVALS}`);
      }
    }
  };
  check('Deploy access levels', deploy, false);
  check('Approval rules', approval, true);
  if (messages.length > 0) throw new UnprocessableError([...new Set(messages)]);
}

/** Whether the user holds any access to the project (through its groups, a share, or itself). */
async function isProjectMember(db: Executor, place: ProjectInNamespace, userId: number): Promise<boolean> {
  const memberships = await findMembershipsOfUser(db, userId);
  return memberships.some(
    (membership) =>
      (membership.source_type === 'Project' && membership.source_id === place.project.id) ||
      (membership.source_type === 'Namespace' &&
        place.namespace.traversal_ids.includes(membership.source_id)),
  );
}

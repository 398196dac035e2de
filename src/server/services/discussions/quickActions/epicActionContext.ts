import type { Kysely } from 'kysely';
import { splitQuickActionParams } from '../../../../core/domain/quickActions.ts';
import { issuableReference } from '../../../../core/domain/references.ts';
import type { CalendarDate } from '../../../../core/time/calendarDate.ts';
import { calendarDateOf } from '../../../../core/time/formatting.ts';
import { findLabelsOfTargets, listLabels } from '../../../db/repositories/labelRepository.ts';
import type { Database, EpicRow, LabelRow, NamespaceRow, UserRow } from '../../../db/schema.ts';
import { type AccessContext, canAdminEpic } from '../../access.ts';
import type { EpicInGroup } from '../../epics/epicQueries.ts';
import { resolveEpicReferences } from '../../links/referenceResolver.ts';
import { isSubscribedToEpic } from '../../subscriptionService.ts';
import { findPendingTodoOf } from '../../todoService.ts';

/**
 * An epic as its quick actions see it before they run (see IssueActionContext): the rights the
 * epic's sidebar reads (update_epic, admin_epic_relation) and the state the conditions test.
 */
export interface EpicActionContext {
  readonly db: Kysely<Database>;
  readonly access: AccessContext;
  readonly user: UserRow;
  readonly group: NamespaceRow;
  epic: EpicRow;
  readonly canUpdate: boolean;
  readonly canAdminRelation: boolean;
  readonly labels: readonly LabelRow[];
  readonly anyLabel: boolean;
  readonly pendingTodo: boolean;
  readonly subscribed: boolean;
  readonly today: CalendarDate;
}

export async function loadEpicActionContext(
  db: Kysely<Database>,
  access: AccessContext,
  user: UserRow,
  { group, epic }: EpicInGroup,
): Promise<EpicActionContext> {
  const [canUpdate, canAdminRelation, labels, anyLabel, todo, subscribed] = await Promise.all([
    access.canInNamespace('update_epic', group, { confidential: epic.confidential }),
    canAdminEpic(access, group, epic),
    findLabelsOfTargets(db, 'Epic', [epic.id]),
    listLabels(db, { groupIds: group.traversal_ids }, { offset: 0, limit: 1 }),
    findPendingTodoOf(db, access.actor, { type: 'Epic', id: epic.id }),
    isSubscribedToEpic(db, access.actor, epic),
  ]);
  return {
    db,
    access,
    user,
    group,
    epic,
    canUpdate,
    canAdminRelation,
    labels: labels.get(epic.id) ?? [],
    anyLabel: anyLabel.total > 0,
    pendingTodo: todo !== undefined,
    subscribed,
    today: calendarDateOf(access.now()),
  };
}

/** An epic as GitLab writes it from this one: `&5` in the same group, `group/path&5` elsewhere. */
export function epicReferenceFrom(context: EpicActionContext, other: EpicInGroup): string {
  return issuableReference(
    'epic',
    other.epic.iid,
    other.group.full_path,
    other.group.id !== context.group.id,
  );
}

/** The epic the commands act on, as the epic services take it. */
export const ownEpic = (context: EpicActionContext): EpicInGroup => ({
  group: context.group,
  epic: context.epic,
});

/** The epic the params' first reference names, if the actor may read it. */
export async function referencedEpic(
  context: EpicActionContext,
  params: string,
): Promise<EpicInGroup | null> {
  const [reference] = splitQuickActionParams(params);
  if (reference === undefined) return null;
  const [found] = await resolveEpicReferences(context.db, context.access, context.group, [reference]);
  return found ?? null;
}

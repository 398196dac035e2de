import type { Kysely } from 'kysely';
import { AccessLevel } from '../../../core/domain/accessLevel.ts';
import { DAY_MS, formatTimestamp } from '../../../core/time/epochDay.ts';
import type { Database } from '../schema.ts';
import type { Timeline } from './calendar.ts';
import { ColumnarInsert } from './columnarInsert.ts';
import type { EpicPlan } from './epicPlan.ts';
import type { IssueIndex } from './issueRows.ts';
import { accessOf, memberPicker, type Organisation } from './organisation.ts';
import { DEMO_USERS } from './organisationSpecs.ts';
import type { Random, WeightedTable } from './random.ts';

/** Merge requests (mergeRequestRows.ts), to-dos and subscriptions: a fixed amount, whatever the number of epics and issues. */
export interface PeopleContext {
  readonly db: Kysely<Database>;
  readonly org: Organisation;
  readonly timeline: Timeline;
  readonly random: Random;
  readonly plans: readonly EpicPlan[];
  readonly issues: IssueIndex;
}

interface Target {
  readonly type: 'Epic' | 'Issue';
  readonly id: number;
  readonly groupIndex: number;
  readonly projectId: number | null;
  readonly firstAssignee: number;
  /** No later than the item's creation (exact for epics, an upper bound for issues). */
  readonly createdMs: number;
}

/** A random epic or issue the user can read, or null when none turned up after a fair number of tries. */
function readableTarget(
  context: PeopleContext,
  userId: number,
  wantEpic: boolean,
  wantAssigned: boolean,
): Target | null {
  const { org, plans, issues, random, timeline } = context;
  const span = timeline.createdToMs - timeline.createdFromMs;
  const minLevel = (confidential: boolean) => (confidential ? AccessLevel.Reporter : AccessLevel.Guest);
  const canRead = (groupIndex: number, confidential: boolean) =>
    userId === org.adminUserId || accessOf(org, groupIndex, userId) >= minLevel(confidential);
  for (let attempt = 0; attempt < 200; attempt++) {
    if (wantEpic && plans.length > 0) {
      const plan = random.pick(plans);
      if (!canRead(plan.groupIndex, plan.confidential)) continue;
      const createdMs = timeline.createdFromMs + plan.createdKey * span;
      return {
        type: 'Epic',
        id: plan.id,
        groupIndex: plan.groupIndex,
        projectId: null,
        firstAssignee: 0,
        createdMs,
      };
    }
    if (issues.count === 0) return null;
    const id = random.int(1, issues.count);
    const project = org.projects[issues.projectIndexOf[id] ?? 0];
    const firstAssignee = issues.firstAssigneeOf[id] ?? 0;
    if (!project || !canRead(project.groupIndex, issues.confidential[id] === 1)) continue;
    if (wantAssigned && firstAssignee !== userId && attempt < 150) continue;
    const createdMs = timeline.createdFromMs + (id / issues.count) * span;
    return {
      type: 'Issue',
      id,
      groupIndex: project.groupIndex,
      projectId: project.id,
      firstAssignee,
      createdMs,
    };
  }
  return null;
}

/** GitLab's to-do actions used here: 1 assigned, 2 mentioned, 4 marked (added by the user). */
const ASSIGNED = 1;
const MENTIONED = 2;
const MARKED = 4;

export async function writeTodos(context: PeopleContext): Promise<number> {
  const { db, org, timeline, random } = context;
  const rows = new ColumnarInsert(db, 'todos', {
    root_namespace_id: 'int4',
    user_id: 'int4',
    author_id: 'int4',
    target_type: 'text',
    target_id: 'int4',
    group_id: 'int4',
    project_id: 'int4',
    action: 'int2',
    state: 'text',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  });
  const mentioners = org.groups.map((group) => memberPicker(org, group.index, AccessLevel.Reporter));
  const outsiderId = DEMO_USERS.indexOf('outsider') + 1;
  for (const userId of org.userIds) {
    if (userId === outsiderId) continue;
    const count = userId === org.adminUserId ? 8 : random.int(20, 40);
    for (let made = 0; made < count; made++) {
      const target = readableTarget(context, userId, random.chance(0.4), random.chance(0.4));
      if (!target) continue;
      let action = target.firstAssignee === userId ? ASSIGNED : random.chance(0.25) ? MARKED : MENTIONED;
      if (action === ASSIGNED && random.chance(0.2)) action = MENTIONED;
      let authorId = userId;
      for (let attempt = 0; action !== MARKED && authorId === userId && attempt < 5; attempt++) {
        authorId = (mentioners[target.groupIndex] as WeightedTable<number>).pick(random);
      }
      const createdMs = Math.min(
        timeline.nowMs,
        Math.max(target.createdMs, timeline.nowMs - random.int(0, 120) * DAY_MS - random.int(0, DAY_MS)),
      );
      const done = random.chance(0.4);
      rows.add({
        root_namespace_id: org.rootId,
        user_id: userId,
        author_id: authorId,
        target_type: target.type,
        target_id: target.id,
        group_id: target.type === 'Epic' ? target.groupIndex + 1 : null,
        project_id: target.projectId,
        action,
        state: done ? 'done' : 'pending',
        created_at: formatTimestamp(createdMs),
        updated_at: formatTimestamp(
          done ? createdMs + (timeline.nowMs - createdMs) * random.next() : createdMs,
        ),
      });
    }
  }
  await rows.flush();
  return rows.rowCount;
}

const SUBSCRIBERS = ['owner', 'maintainer', 'developer', 'reporter', 'alovelace', 'ghopper', 'kjohnson'];

export async function writeSubscriptions(context: PeopleContext): Promise<number> {
  const { db, org, timeline, random } = context;
  const rows = new ColumnarInsert(db, 'subscriptions', {
    root_namespace_id: 'int4',
    user_id: 'int4',
    subscribable_type: 'text',
    subscribable_id: 'int4',
    subscribed: 'bool',
    created_at: 'timestamptz',
  });
  for (const username of SUBSCRIBERS) {
    const userId = DEMO_USERS.indexOf(username) + 1;
    const seen = new Set<string>();
    for (let made = random.int(10, 20); made > 0; made--) {
      const target = readableTarget(context, userId, random.chance(0.5), false);
      if (!target || seen.has(`${target.type}${target.id}`)) continue;
      seen.add(`${target.type}${target.id}`);
      rows.add({
        root_namespace_id: org.rootId,
        user_id: userId,
        subscribable_type: target.type,
        subscribable_id: target.id,
        // An explicit unsubscribe is stored too, as GitLab does.
        subscribed: random.chance(0.85),
        created_at: formatTimestamp(target.createdMs + (timeline.nowMs - target.createdMs) * random.next()),
      });
    }
  }
  await rows.flush();
  return rows.rowCount;
}

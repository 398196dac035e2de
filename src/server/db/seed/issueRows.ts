import type { Kysely } from 'kysely';
import { AccessLevel } from '../../../core/domain/accessLevel.ts';
import { DAY_MS, formatDayOrNull, formatTimestamp } from '../../../core/time/epochDay.ts';
import type { Database } from '../schema.ts';
import { HALF_SPAN_DAYS, type Timeline } from './calendar.ts';
import { ColumnarInsert, flushInOrder } from './columnarInsert.ts';
import type { Engagement } from './engagement.ts';
import { type EpicPlan, POSITION_GAP } from './epicPlan.ts';
import type { SeededLabels } from './labels.ts';
import type { SeededMilestone, SeededMilestones } from './milestones.ts';
import { memberPicker, type Organisation } from './organisation.ts';
import { type Random, WeightedTable } from './random.ts';
import { earlyInLife } from './valueStreamHistory.ts';
import { issueDescription, issueTitle } from './vocabulary.ts';

const ISSUE_TYPES = new WeightedTable([
  ['issue', 85],
  ['task', 10],
  ['incident', 5],
] as const);
const WEIGHTS = new WeightedTable<number | null>([
  [null, 35],
  [0, 3],
  [1, 12],
  [2, 14],
  [3, 14],
  [4, 4],
  [5, 10],
  [6, 1],
  [7, 1],
  [8, 6],
]);
/** GitLab's health statuses: 1 on track, 2 needs attention, 3 at risk. */
const HEALTH_STATUSES = new WeightedTable<number | null>([
  [null, 60],
  [1, 22],
  [2, 12],
  [3, 6],
]);
const ASSIGNEE_COUNTS = new WeightedTable([
  [0, 30],
  [1, 55],
  [2, 15],
] as const);

const REPORT_EVERY = 100_000;

export interface IssueWriteContext {
  readonly db: Kysely<Database>;
  readonly org: Organisation;
  readonly labels: SeededLabels;
  readonly milestones: SeededMilestones;
  readonly timeline: Timeline;
  readonly todayDay: number;
  readonly random: Random;
  readonly engagement: Engagement;
  readonly onProgress?: ((message: string) => void) | undefined;
}

/** What later steps (to-dos, subscriptions, merge requests) need to know of each issue, by id, in a few bytes each. */
export interface IssueIndex {
  readonly count: number;
  readonly projectIndexOf: Uint8Array;
  readonly confidential: Uint8Array;
  /** The first assignee's user id, 0 when unassigned. */
  readonly firstAssigneeOf: Uint16Array;
  /** When the issue was closed (its closed_at, in ms), 0 while open. */
  readonly closedMsOf: Float64Array;
  /** 1 for a task (linkDemoTasks may still close it), 0 for an issue or incident. */
  readonly task: Uint8Array;
  readonly lastIidByProject: readonly number[];
}

export interface IssueWriteResult {
  readonly index: IssueIndex;
  readonly epicIssues: number;
  readonly issueAssignees: number;
  readonly issueLinks: number;
}

/**
 * Streams the issues in id order with their epic links, assignees, labels, reactions and links;
 * only a few bytes per issue stay in memory, so a million issues fit comfortably.
 */
export async function writeIssues(
  context: IssueWriteContext,
  count: number,
  plans: readonly EpicPlan[],
): Promise<IssueWriteResult> {
  const { db, org, labels, milestones, timeline, todayDay, random, engagement } = context;
  const rootId = org.rootId;
  const issues = new ColumnarInsert(db, 'issues', {
    id: 'int4',
    root_namespace_id: 'int4',
    project_id: 'int4',
    iid: 'int4',
    author_id: 'int4',
    title: 'text',
    description: 'text',
    state: 'text',
    issue_type: 'text',
    confidential: 'bool',
    weight: 'int4',
    health_status: 'int2',
    milestone_id: 'int4',
    due_date: 'date',
    relative_position: 'int4',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
    closed_at: 'timestamptz',
    first_associated_with_milestone_at: 'timestamptz',
    first_assigned_at: 'timestamptz',
  });
  const epicIssues = new ColumnarInsert(db, 'epic_issues', {
    root_namespace_id: 'int4',
    epic_id: 'int4',
    issue_id: 'int4',
    relative_position: 'int4',
    created_at: 'timestamptz',
  });
  const assignees = new ColumnarInsert(db, 'issue_assignees', {
    root_namespace_id: 'int4',
    issue_id: 'int4',
    user_id: 'int4',
  });
  const links = new ColumnarInsert(db, 'issue_links', {
    root_namespace_id: 'int4',
    source_id: 'int4',
    target_id: 'int4',
    link_type: 'text',
    created_at: 'timestamptz',
  });

  const projectPicker = new WeightedTable(
    org.projects.map((project) => [project.index, project.issueShare] as const),
  );
  // An issue's epic is in the project's group or one of its ancestors (same root, by construction).
  const epicsFor = org.projects.map((project) => {
    const chain = org.groups[project.groupIndex]?.chain ?? [];
    return plans.filter((plan) => chain.includes(plan.groupIndex));
  });
  const authorsFor = org.projects.map((project) => memberPicker(org, project.groupIndex, AccessLevel.Guest));
  const assignableFor = org.projects.map((project) =>
    memberPicker(org, project.groupIndex, AccessLevel.Reporter),
  );
  const lastIidByProject = org.projects.map(() => 0);
  // Keep positions inside a 32-bit integer whatever the number of issues.
  const gap = Math.max(1, Math.min(POSITION_GAP, Math.floor(2_000_000_000 / Math.max(1, count))));
  const epicCreatedMs = (plan: EpicPlan) =>
    timeline.createdFromMs + plan.createdKey * (timeline.createdToMs - timeline.createdFromMs);
  const index: IssueIndex = {
    count,
    projectIndexOf: new Uint8Array(count + 1),
    confidential: new Uint8Array(count + 1),
    firstAssigneeOf: new Uint16Array(count + 1),
    closedMsOf: new Float64Array(count + 1),
    task: new Uint8Array(count + 1),
    lastIidByProject,
  };
  const { nowMs } = timeline;
  let nextReportAt = REPORT_EVERY;

  for (let id = 1; id <= count; id++) {
    const projectIndex = projectPicker.pick(random);
    const iid = ++lastIidByProject[projectIndex]!;
    // Created in id order, so iids follow creation time within every project.
    const createdMs =
      timeline.createdFromMs +
      ((id - 1 + random.next()) / count) * (timeline.createdToMs - timeline.createdFromMs);
    const candidates = epicsFor[projectIndex] as EpicPlan[];
    let epic = candidates.length > 0 && random.chance(0.7) ? random.pick(candidates) : null;
    // Most issues are public, so most pick again when they land in a confidential epic.
    if (epic?.confidential && random.chance(0.6)) epic = random.pick(candidates);
    // GitLab refuses a non-confidential issue in a confidential epic.
    const confidential = (epic?.confidential ?? false) || random.chance(0.01);
    const milestone = milestoneFor(random, epic, milestones.forProject[projectIndex] ?? []);
    const closed = random.chance(milestone?.closed ? 0.6 : 0.12);
    const closedMs = closed ? createdMs + (nowMs - createdMs) * (0.1 + 0.9 * random.next()) : null;
    const updatedMs = Math.max(closedMs ?? createdMs, createdMs + (nowMs - createdMs) * random.next() ** 3);
    let dueDay: number | null = null;
    if (milestone && random.chance(0.3)) dueDay = milestone.dueDay;
    else if (random.chance(0.12)) dueDay = todayDay + random.int(-HALF_SPAN_DAYS, HALF_SPAN_DAYS);
    const authors = authorsFor[projectIndex] as WeightedTable<number>;
    const row: Parameters<typeof issues.add>[0] = {
      id,
      root_namespace_id: rootId,
      project_id: projectIndex + 1,
      iid,
      author_id: authors.pick(random),
      title: issueTitle(random),
      description: random.chance(0.4) ? issueDescription(random) : '',
      state: closed ? 'closed' : 'opened',
      issue_type: ISSUE_TYPES.pick(random),
      confidential,
      weight: WEIGHTS.pick(random),
      health_status: HEALTH_STATUSES.pick(random),
      milestone_id: milestone?.id ?? null,
      due_date: formatDayOrNull(dueDay),
      relative_position: iid * gap,
      created_at: formatTimestamp(createdMs),
      updated_at: formatTimestamp(updatedMs),
      closed_at: closedMs === null ? null : formatTimestamp(closedMs),
      // Early in its life (value stream analytics reads them); added below, once the assignees are known.
      first_associated_with_milestone_at: milestone
        ? formatTimestamp(earlyInLife(id, 17, createdMs, closedMs ?? nowMs, nowMs, 0.05, 0.3))
        : null,
      first_assigned_at: null,
    };
    index.projectIndexOf[id] = projectIndex;
    index.confidential[id] = confidential ? 1 : 0;
    // As stored: formatTimestamp rounds to the millisecond.
    index.closedMsOf[id] = closedMs === null ? 0 : Math.round(closedMs);
    index.task[id] = row.issue_type === 'task' ? 1 : 0;

    if (epic) {
      const linkedMs = Math.max(createdMs, epicCreatedMs(epic)) + random.int(0, DAY_MS);
      epicIssues.add({
        root_namespace_id: rootId,
        epic_id: epic.id,
        issue_id: id,
        relative_position: POSITION_GAP * epic.childSlots++,
        created_at: formatTimestamp(Math.min(linkedMs, nowMs)),
      });
    }
    const assignable = assignableFor[projectIndex] as WeightedTable<number>;
    const wanted = ASSIGNEE_COUNTS.pick(random);
    let firstAssignee = 0;
    for (let attempt = 0; attempt < wanted; attempt++) {
      const userId = assignable.pick(random);
      if (userId === firstAssignee) continue;
      if (firstAssignee === 0) firstAssignee = userId;
      assignees.add({ root_namespace_id: rootId, issue_id: id, user_id: userId });
    }
    index.firstAssigneeOf[id] = firstAssignee;
    if (firstAssignee !== 0)
      row.first_assigned_at = formatTimestamp(
        earlyInLife(id, 29, createdMs, closedMs ?? nowMs, nowMs, 0.02, 0.2),
      );
    issues.add(row);

    engagement.label('Issue', id, labels.forProject[projectIndex] ?? [], { chance: 0.8, min: 1, max: 4 });
    const people = confidential ? assignable : authors;
    if (random.chance(0.06)) engagement.react('Issue', id, createdMs, people);
    if (random.chance(0.04)) engagement.discuss('Issue', id, createdMs, people);
    // Always from an earlier issue: no pair twice, never both directions.
    if (id > 1 && random.chance(0.03)) {
      links.add({
        root_namespace_id: rootId,
        source_id: random.int(1, id - 1),
        target_id: id,
        link_type: random.chance(0.4) ? 'blocks' : 'relates_to',
        created_at: formatTimestamp(createdMs + (nowMs - createdMs) * random.next()),
      });
    }
    if (issues.isFull) {
      await flushInOrder([issues, epicIssues, assignees, links, ...engagement.writers]);
      if (id >= nextReportAt) {
        context.onProgress?.(`issues: ${id} of ${count}`);
        nextReportAt += REPORT_EVERY;
      }
    }
  }
  await flushInOrder([issues, epicIssues, assignees, links, ...engagement.writers]);
  return {
    index,
    epicIssues: epicIssues.rowCount,
    issueAssignees: assignees.rowCount,
    issueLinks: links.rowCount,
  };
}

/**
 * Issues of an epic with inherited dates mostly carry the milestones the epic inherits from (so the
 * inherited dates are plausible); other issues get any milestone visible to their project, or none.
 */
function milestoneFor(
  random: Random,
  epic: EpicPlan | null,
  visible: readonly SeededMilestone[],
): SeededMilestone | null {
  const inherited = random.chance(0.5)
    ? (epic?.dates.startMilestone ?? epic?.dates.dueMilestone)
    : (epic?.dates.dueMilestone ?? epic?.dates.startMilestone);
  if (inherited && random.chance(0.7)) return inherited;
  return visible.length > 0 && random.chance(0.55) ? random.pick(visible) : null;
}

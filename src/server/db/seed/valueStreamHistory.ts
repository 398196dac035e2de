import { type Kysely, sql } from 'kysely';
import { DEFAULT_VALUE_STREAM_NAME, stageEventByIdentifier } from '../../../core/domain/valueStreams.ts';
import { defaultStageRows, insertValueStream, replaceStages } from '../repositories/valueStreamRepository.ts';
import type { Database } from '../schema.ts';

/**
 * What value stream analytics reads that the demo's rows do not say by themselves: when each issue
 * and merge request first got its milestone and its assignee, and the history of its labels. The
 * triggers that record these as the app runs are off while the demo is written (they would stamp
 * the seeding instant and queue every row); this writes the same facts at believable instants,
 * set-based, from the rows already there:
 * - the first milestone and assignee come early in an item's life (before it closed or merged);
 * - each label it carries was added some time after it was opened;
 * - closed issues moved through the workflow labels: ready, then in dev, then review until closed.
 * It also gives acme a second value stream, "Delivery", with label-based stages over that history.
 */

/** The triggers the demo's bulk writes run without (migration 0029). */
const HISTORY_TRIGGERS = [
  ['label_links', 'label_links_log_event'],
  ['resource_label_events', 'resource_label_events_mark_dirty'],
  ['issues', 'issues_keep_first_milestone'],
  ['issues', 'issues_mark_dirty'],
  ['merge_requests', 'merge_requests_keep_first_milestone'],
  ['merge_requests', 'merge_requests_mark_dirty'],
  ['issue_assignees', 'issue_assignees_keep_first'],
  ['merge_request_assignees', 'merge_request_assignees_keep_first'],
  ['merge_requests_closing_issues', 'closing_issues_mark_dirty'],
] as const;

async function switchHistoryTriggers(db: Kysely<Database>, enabled: boolean): Promise<void> {
  const verb = sql.raw(enabled ? 'ENABLE' : 'DISABLE');
  for (const [table, trigger] of HISTORY_TRIGGERS)
    await sql`ALTER TABLE ${sql.table(table)} ${verb} TRIGGER ${sql.ref(trigger)}`.execute(db);
}

export const pauseHistoryTriggers = (db: Kysely<Database>) => switchHistoryTriggers(db, false);
export const resumeHistoryTriggers = (db: Kysely<Database>) => switchHistoryTriggers(db, true);

/**
 * An instant early in an item's life, as the SQL below places them: `low` plus a share up to `spread`
 * (that depends only on the id and a salt) of the way from its creation to its end or now.
 */
export function earlyInLife(
  id: number,
  salt: number,
  createdMs: number,
  endMs: number,
  nowMs: number,
  low: number,
  spread: number,
): number {
  const share = low + spread * (((id * 2654435761 + salt) % 1000) / 1000);
  return createdMs + (Math.min(endMs, nowMs) - createdMs) * share;
}

/** A fraction in [0, 1) that depends only on the id and a salt (the demo is the same on every start). */
const fraction = (column: string, salt: number) =>
  sql<number>`(mod(${sql.ref(column)}::bigint * 2654435761 + ${salt}, 1000) / 1000.0)`;

/** `share` of the way from the item's creation to when it ended (closed or merged) or to now. */
const early = (alias: string, end: string, share: ReturnType<typeof fraction>, nowMs: number) =>
  sql`${sql.ref(`${alias}.created_at`)} + (LEAST(COALESCE(${sql.ref(`${alias}.${end}`)}, ${new Date(nowMs)}), ${new Date(nowMs)})
    - ${sql.ref(`${alias}.created_at`)}) * ${share}`;

/** How far back the label history is written (the longest range analytics read, and some). */
const HISTORY_DAYS = 200;

const WORKFLOW = ['workflow::ready', 'workflow::in dev', 'workflow::review'] as const;

export async function writeValueStreamHistory(
  db: Kysely<Database>,
  rootId: number,
  nowMs: number,
): Promise<number> {
  for (const [table, end] of [
    ['issues', 'closed_at'],
    ['merge_requests', 'merged_at'],
  ] as const) {
    const assignees = table === 'issues' ? 'issue_assignees' : 'merge_request_assignees';
    const column = table === 'issues' ? 'issue_id' : 'merge_request_id';
    // The organisation's issues are written with theirs (issueRows.ts); the rest are set here.
    const assigned = sql`EXISTS (SELECT 1 FROM ${sql.table(assignees)} a WHERE a.${sql.ref(column)} = t.id)`;
    await sql`UPDATE ${sql.table(table)} t SET
        first_associated_with_milestone_at = COALESCE(t.first_associated_with_milestone_at,
          CASE WHEN t.milestone_id IS NOT NULL
            THEN ${early('t', end, sql<number>`(0.05 + 0.3 * ${fraction('t.id', 17)})`, nowMs)} END),
        first_assigned_at = COALESCE(t.first_assigned_at,
          CASE WHEN ${assigned} THEN ${early('t', end, sql<number>`(0.02 + 0.2 * ${fraction('t.id', 29)})`, nowMs)} END)
      WHERE (t.milestone_id IS NOT NULL AND t.first_associated_with_milestone_at IS NULL)
        OR (t.first_assigned_at IS NULL AND ${assigned})`.execute(db);
  }

  // Every label an item carries was added once, early in its life.
  // Analytics read at most 180 days back: the history of items that ended before then is left out.
  const recent = new Date(nowMs - HISTORY_DAYS * 86_400_000);
  await sql`WITH recent AS MATERIALIZED (
      SELECT i.id, i.created_at, i.closed_at FROM issues i WHERE i.closed_at IS NULL OR i.closed_at >= ${recent})
    INSERT INTO resource_label_events (root_namespace_id, issue_id, label_id, action, created_at)
    SELECT ll.root_namespace_id, i.id, ll.label_id, 'add',
      ${early('i', 'closed_at', sql<number>`(0.1 * ${fraction('ll.id', 3)})`, nowMs)}
    FROM label_links ll JOIN recent i ON i.id = ll.target_id
    WHERE ll.target_type = 'Issue'`.execute(db);
  await sql`INSERT INTO resource_label_events (root_namespace_id, merge_request_id, label_id, action, created_at)
    SELECT ll.root_namespace_id, m.id, ll.label_id, 'add',
      ${early('m', 'merged_at', sql<number>`(0.1 * ${fraction('ll.id', 5)})`, nowMs)}
    FROM label_links ll JOIN merge_requests m ON m.id = ll.target_id WHERE ll.target_type = 'MergeRequest'`.execute(
    db,
  );

  // Closed issues went through the workflow: each workflow label added at one step and removed at the next.
  const labels = await db
    .selectFrom('labels')
    .select(['id', 'title'])
    .where('group_id', '=', rootId)
    .where('title', 'in', [...WORKFLOW])
    .execute();
  const labelOf = (title: string) => labels.find((label) => label.title === title)?.id;
  // Step k of a closed issue's life: a share of the way to its close, give or take; the last is the close.
  const steps = [0.1, 0.35, 0.7];
  const moves = WORKFLOW.flatMap((title, index) => {
    const labelId = labelOf(title);
    if (labelId === undefined) return [];
    return [
      sql`(${labelId}::integer, 'add', ${index}::integer)`,
      sql`(${labelId}::integer, 'remove', ${index + 1}::integer)`,
    ];
  });
  if (moves.length === 0) return 0;
  // One pass over the recently closed issues: per workflow label, its add and its remove.
  const result = await sql<{ id: string }>`WITH closed AS MATERIALIZED (
      SELECT i.id, i.root_namespace_id, i.created_at, i.closed_at FROM issues i
      WHERE i.state = 'closed' AND i.closed_at > i.created_at AND i.closed_at >= ${recent}
        AND i.project_id IN (SELECT projects.id FROM projects JOIN namespaces ON namespaces.id = projects.namespace_id
          WHERE namespaces.traversal_ids[1] = ${rootId})),
    carried AS MATERIALIZED (
      SELECT ll.target_id, ll.label_id FROM label_links ll
      WHERE ll.target_type = 'Issue' AND ll.target_id IN (SELECT id FROM closed))
    INSERT INTO resource_label_events (root_namespace_id, issue_id, label_id, action, created_at)
    SELECT i.root_namespace_id, i.id, move.label_id, move.action,
      CASE WHEN move.step >= ${steps.length} THEN i.closed_at
        ELSE i.created_at + (i.closed_at - i.created_at)
          * ((ARRAY[${sql.join(steps.map((step) => sql`${step}::float8`))}])[move.step + 1] + 0.05 * ${fraction('i.id', 0)})
      END
    FROM closed i
    CROSS JOIN (VALUES ${sql.join(moves)}) AS move (label_id, action, step)
    WHERE NOT EXISTS (SELECT 1 FROM carried WHERE carried.target_id = i.id AND carried.label_id = move.label_id)
    RETURNING id`.execute(db);
  const written = result.rows.length;
  await writeDeliveryValueStream(db, rootId, labelOf('workflow::in dev'), labelOf('workflow::review'), nowMs);
  return written;
}

const value = (identifier: Parameters<typeof stageEventByIdentifier>[0]) =>
  stageEventByIdentifier(identifier)?.value as number;

/** acme's "Delivery" stream: how long work spends in development and in review, then to production. */
async function writeDeliveryValueStream(
  db: Kysely<Database>,
  rootId: number,
  inDev: number | undefined,
  review: number | undefined,
  nowMs: number,
): Promise<void> {
  if (inDev === undefined || review === undefined) return;
  const now = new Date(nowMs);
  const group = { id: rootId, rootNamespaceId: rootId };
  const defaults = await insertValueStream(db, group, DEFAULT_VALUE_STREAM_NAME, now);
  if (defaults) await replaceStages(db, defaults, defaultStageRows(), now);
  const stream = await db
    .insertInto('value_streams')
    .values({
      root_namespace_id: rootId,
      group_id: rootId,
      name: 'Delivery',
      created_at: now,
      updated_at: now,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
  const stages = [
    { name: 'Triage', start: 'issue_created', end: 'issue_first_assigned_at' },
    {
      name: 'In development',
      start: 'issue_label_added',
      end: 'issue_label_removed',
      startLabel: inDev,
      endLabel: inDev,
    },
    { name: 'In review', start: 'issue_label_added', end: 'issue_closed', startLabel: review },
    { name: 'Merge request review', start: 'merge_request_created', end: 'merge_request_merged' },
    {
      name: 'To production',
      start: 'merge_request_merged',
      end: 'merge_request_first_deployed_to_production',
    },
  ] as const;
  await db
    .insertInto('value_stream_stages')
    .values(
      stages.map((stage, index) => ({
        root_namespace_id: rootId,
        value_stream_id: stream.id,
        name: stage.name,
        custom: true,
        relative_position: index + 1,
        start_event_identifier: value(stage.start),
        end_event_identifier: value(stage.end),
        start_event_label_id: 'startLabel' in stage ? stage.startLabel : null,
        end_event_label_id: 'endLabel' in stage ? stage.endLabel : null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

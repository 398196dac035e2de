import type { Kysely } from 'kysely';
import { AccessLevel } from '../../../core/domain/accessLevel.ts';
import { formatDayOrNull, formatTimestamp } from '../../../core/time/epochDay.ts';
import type { Database } from '../schema.ts';
import type { Timeline } from './calendar.ts';
import { ColumnarInsert, flushInOrder } from './columnarInsert.ts';
import type { Engagement } from './engagement.ts';
import type { EpicPlan } from './epicPlan.ts';
import type { SeededLabels } from './labels.ts';
import { memberPicker, type Organisation } from './organisation.ts';
import { type Random, WeightedTable } from './random.ts';
import { EPIC_COLOURS, epicDescription, epicTitle } from './vocabulary.ts';

const COLOURS = new WeightedTable(
  EPIC_COLOURS.map((colour, index) => [colour, index === 0 ? 5 : 1] as const),
);

export interface EpicWriteContext {
  readonly db: Kysely<Database>;
  readonly org: Organisation;
  readonly labels: SeededLabels;
  readonly timeline: Timeline;
  readonly random: Random;
  readonly engagement: Engagement;
}

/** Writes the planned epics in id order (parents first), with their labels, reactions, comments and links. */
export async function writeEpics(context: EpicWriteContext, plans: readonly EpicPlan[]): Promise<number> {
  const { db, org, labels, timeline, random, engagement } = context;
  const epics = new ColumnarInsert(db, 'epics', {
    id: 'int4',
    root_namespace_id: 'int4',
    group_id: 'int4',
    iid: 'int4',
    author_id: 'int4',
    parent_id: 'int4',
    relative_position: 'int4',
    title: 'text',
    description: 'text',
    state: 'text',
    confidential: 'bool',
    color: 'text',
    start_date: 'date',
    start_date_fixed: 'date',
    start_date_is_fixed: 'bool',
    start_date_sourcing_milestone_id: 'int4',
    due_date: 'date',
    due_date_fixed: 'date',
    due_date_is_fixed: 'bool',
    due_date_sourcing_milestone_id: 'int4',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
    closed_at: 'timestamptz',
  });
  const links = new ColumnarInsert(db, 'related_epic_links', {
    root_namespace_id: 'int4',
    source_id: 'int4',
    target_id: 'int4',
    link_type: 'text',
    created_at: 'timestamptz',
  });
  // Reporters and up create epics and see confidential ones; guests may react to the others.
  const reporters = org.groups.map((group) => memberPicker(org, group.index, AccessLevel.Reporter));
  const readers = org.groups.map((group) => memberPicker(org, group.index, AccessLevel.Guest));
  const { nowMs } = timeline;

  for (const plan of plans) {
    const createdMs =
      timeline.createdFromMs + plan.createdKey * (timeline.createdToMs - timeline.createdFromMs);
    const closedMs = plan.closed ? createdMs + (nowMs - createdMs) * (0.2 + 0.8 * random.next()) : null;
    const updatedMs = Math.max(closedMs ?? createdMs, createdMs + (nowMs - createdMs) * random.next() ** 2);
    const { dates } = plan;
    const authors = reporters[plan.groupIndex] as WeightedTable<number>;
    epics.add({
      id: plan.id,
      root_namespace_id: org.rootId,
      group_id: plan.groupIndex + 1,
      iid: plan.iid,
      author_id: authors.pick(random),
      parent_id: plan.parent?.id ?? null,
      relative_position: plan.relativePosition,
      title: epicTitle(random),
      description: random.chance(0.5) ? epicDescription(random) : '',
      state: plan.closed ? 'closed' : 'opened',
      confidential: plan.confidential,
      color: COLOURS.pick(random),
      start_date: formatDayOrNull(dates.startDay),
      start_date_fixed: formatDayOrNull(dates.startFixed),
      start_date_is_fixed: dates.startIsFixed,
      start_date_sourcing_milestone_id: dates.startMilestone?.id ?? null,
      due_date: formatDayOrNull(dates.dueDay),
      due_date_fixed: formatDayOrNull(dates.dueFixed),
      due_date_is_fixed: dates.dueIsFixed,
      due_date_sourcing_milestone_id: dates.dueMilestone?.id ?? null,
      created_at: formatTimestamp(createdMs),
      updated_at: formatTimestamp(updatedMs),
      closed_at: closedMs === null ? null : formatTimestamp(closedMs),
    });
    const people = plan.confidential ? authors : (readers[plan.groupIndex] as WeightedTable<number>);
    engagement.label('Epic', plan.id, labels.forGroup[plan.groupIndex] ?? [], {
      chance: 0.65,
      min: 1,
      max: 3,
    });
    if (random.chance(0.08)) engagement.react('Epic', plan.id, createdMs, people);
    if (random.chance(0.05)) engagement.discuss('Epic', plan.id, createdMs, people);
    // Always towards an earlier epic: no pair appears twice or in both directions.
    if (plan.id > 1 && random.chance(0.03)) {
      links.add({
        root_namespace_id: org.rootId,
        source_id: random.int(1, plan.id - 1),
        target_id: plan.id,
        link_type: random.chance(0.5) ? 'blocks' : 'relates_to',
        created_at: formatTimestamp(createdMs + (nowMs - createdMs) * random.next()),
      });
    }
    if (epics.isFull) await flushInOrder([epics, links, ...engagement.writers]);
  }
  await flushInOrder([epics, links, ...engagement.writers]);
  return links.rowCount;
}

import { sql } from 'kysely';
import { appendTo } from '../../../core/lib/multiMap.ts';
import type { Executor } from '../executor.ts';
import type { TimelineEventTagRow } from '../schema.ts';

/** The project's tags with these names, whatever their case. */
export function findTimelineEventTagsByNames(
  db: Executor,
  projectId: number,
  names: readonly string[],
): Promise<TimelineEventTagRow[]> {
  if (names.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('incident_management_timeline_event_tags')
    .selectAll()
    .where('project_id', '=', projectId)
    .where(
      sql<string>`lower(name)`,
      'in',
      names.map((name) => name.toLowerCase()),
    )
    .orderBy('id')
    .execute();
}

/** Makes the tags the project does not have yet (by name, any case); the others stay as they are. */
export async function insertMissingTimelineEventTags(
  db: Executor,
  tags: { readonly rootNamespaceId: number; readonly projectId: number; readonly names: readonly string[] },
  now: Date,
): Promise<void> {
  if (tags.names.length === 0) return;
  await db
    .insertInto('incident_management_timeline_event_tags')
    .values(
      tags.names.map((name) => ({
        root_namespace_id: tags.rootNamespaceId,
        project_id: tags.projectId,
        name,
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflict((conflict) => conflict.expression(sql`project_id, lower(name)`).doNothing())
    .execute();
}

/** Gives the event exactly these tags. */
export async function replaceTimelineEventTags(
  db: Executor,
  event: { readonly id: number; readonly rootNamespaceId: number },
  tagIds: readonly number[],
  now: Date,
): Promise<void> {
  await db
    .deleteFrom('incident_management_timeline_event_tag_links')
    .where('timeline_event_id', '=', event.id)
    .execute();
  if (tagIds.length === 0) return;
  await db
    .insertInto('incident_management_timeline_event_tag_links')
    .values(
      tagIds.map((tagId) => ({
        root_namespace_id: event.rootNamespaceId,
        timeline_event_id: event.id,
        timeline_event_tag_id: tagId,
        created_at: now,
      })),
    )
    .execute();
}

/** The tags of these events by event id, each in the order the tags were made. */
export async function findTagsOfTimelineEvents(
  db: Executor,
  eventIds: readonly number[],
): Promise<Map<number, TimelineEventTagRow[]>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('incident_management_timeline_event_tag_links as link')
    .innerJoin('incident_management_timeline_event_tags as tag', 'tag.id', 'link.timeline_event_tag_id')
    .selectAll('tag')
    .select('link.timeline_event_id')
    .where('link.timeline_event_id', 'in', eventIds)
    .orderBy('tag.id')
    .execute();
  const byEvent = new Map<number, TimelineEventTagRow[]>();
  for (const { timeline_event_id, ...tag } of rows) {
    appendTo(byEvent, timeline_event_id, tag);
  }
  return byEvent;
}

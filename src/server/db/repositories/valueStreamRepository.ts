import { type Insertable, type Selectable, sql } from 'kysely';
import {
  DEFAULT_STAGES,
  DEFAULT_VALUE_STREAM_NAME,
  stageEventValue,
} from '../../../core/domain/valueStreams.ts';
import type { Executor } from '../executor.ts';
import type { ValueStreamStagesTable, ValueStreamsTable } from '../schema.ts';

export type ValueStreamRow = Selectable<ValueStreamsTable>;
export type ValueStreamStageRow = Selectable<ValueStreamStagesTable>;
export type NewValueStreamStage = Omit<
  Insertable<ValueStreamStagesTable>,
  'value_stream_id' | 'root_namespace_id'
>;

/** A group's value streams: the default one first, then the others oldest first. */
export function listValueStreams(db: Executor, groupId: number): Promise<ValueStreamRow[]> {
  return db
    .selectFrom('value_streams')
    .selectAll()
    .where('group_id', '=', groupId)
    .orderBy(sql`name = ${DEFAULT_VALUE_STREAM_NAME}`, 'desc')
    .orderBy('id')
    .execute();
}

export function findValueStream(
  db: Executor,
  groupId: number,
  id: number,
): Promise<ValueStreamRow | undefined> {
  return db
    .selectFrom('value_streams')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findValueStreamByName(
  db: Executor,
  groupId: number,
  name: string,
): Promise<ValueStreamRow | undefined> {
  return db
    .selectFrom('value_streams')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('name', '=', name)
    .executeTakeFirst();
}

/** The stages of these value streams, each stream's in its order. */
export function listStages(db: Executor, valueStreamIds: readonly number[]): Promise<ValueStreamStageRow[]> {
  if (valueStreamIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('value_stream_stages')
    .selectAll()
    .where('value_stream_id', 'in', [...valueStreamIds])
    .orderBy('value_stream_id')
    .orderBy('relative_position')
    .orderBy('id')
    .execute();
}

/** Every stage of the top-level group's value streams (what the aggregator keeps current). */
export function listStagesOfRoot(db: Executor, rootNamespaceId: number): Promise<ValueStreamStageRow[]> {
  return db
    .selectFrom('value_stream_stages')
    .selectAll()
    .where('root_namespace_id', '=', rootNamespaceId)
    .orderBy('id')
    .execute();
}

export async function insertValueStream(
  db: Executor,
  group: { id: number; rootNamespaceId: number },
  name: string,
  now: Date,
): Promise<ValueStreamRow | undefined> {
  return db
    .insertInto('value_streams')
    .values({
      root_namespace_id: group.rootNamespaceId,
      group_id: group.id,
      name,
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.columns(['group_id', 'name']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function renameValueStream(db: Executor, id: number, name: string, now: Date): Promise<void> {
  await db.updateTable('value_streams').set({ name, updated_at: now }).where('id', '=', id).execute();
}

/**
 * Makes the stream's stages exactly `stages`, in that order: listed ids are updated, new ones
 * inserted, the rest deleted.
 */
export async function replaceStages(
  db: Executor,
  stream: ValueStreamRow,
  stages: readonly (NewValueStreamStage & { id?: number | undefined })[],
  now: Date,
): Promise<void> {
  const kept = stages.flatMap((stage) => (stage.id === undefined ? [] : [stage.id]));
  let removal = db.deleteFrom('value_stream_stages').where('value_stream_id', '=', stream.id);
  if (kept.length > 0) removal = removal.where('id', 'not in', kept);
  await removal.execute();
  // Names are unique per stream: park the kept ones under temporary names before renaming.
  if (kept.length > 0) {
    await db
      .updateTable('value_stream_stages')
      .set({ name: sql<string>`'~moving~' || id::text` })
      .where('id', 'in', kept)
      .execute();
  }
  for (const [position, stage] of stages.entries()) {
    const { id, ...values } = stage;
    const row = { ...values, relative_position: position + 1, updated_at: now };
    if (id === undefined) {
      await db
        .insertInto('value_stream_stages')
        .values({
          ...row,
          value_stream_id: stream.id,
          root_namespace_id: stream.root_namespace_id,
          created_at: now,
        })
        .execute();
    } else {
      await db.updateTable('value_stream_stages').set(row).where('id', '=', id).execute();
    }
  }
}

export async function deleteValueStream(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('value_streams').where('id', '=', id).execute();
}

/** GitLab's default stages as rows of a value stream. */
export const defaultStageRows = (): NewValueStreamStage[] =>
  DEFAULT_STAGES.map((stage) => ({
    name: stage.name,
    custom: false,
    hidden: false,
    relative_position: 0,
    start_event_identifier: stageEventValue(stage.start),
    end_event_identifier: stageEventValue(stage.end),
    start_event_label_id: null,
    end_event_label_id: null,
  }));

/** Requests that the sales team get in touch. */
import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../executor.ts';
import type { HandRaiseLeadsTable } from '../schema.ts';

export type HandRaiseLeadRow = Selectable<HandRaiseLeadsTable>;

export function insertHandRaiseLead(
  db: Executor,
  lead: Omit<Insertable<HandRaiseLeadsTable>, 'id'>,
): Promise<HandRaiseLeadRow> {
  return db.insertInto('hand_raise_leads').values(lead).returningAll().executeTakeFirstOrThrow();
}

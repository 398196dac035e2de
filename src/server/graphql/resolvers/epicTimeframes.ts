import type { GraphQLContext } from '../context.ts';
import type { Timeframe } from '../generated/resolvers.ts';
import type { EpicModel } from '../models.ts';
import { dateRangeOf } from './argumentValues.ts';

/**
 * `Epic.hasChildrenWithinTimeframe` answers for the timeframe of the list the epic came from (GitLab
 * reads it from the parent field's arguments); the list resolvers record it here, per request, with
 * null for a list without one. An epic not recorded was fetched on its own.
 */
export function rememberTimeframe(
  context: GraphQLContext,
  epics: readonly EpicModel[],
  timeframe: Timeframe | null | undefined,
): void {
  const recorded = dateRangeOf(timeframe) ?? null;
  for (const epic of epics) context.epicTimeframes.set(epic, recorded);
}

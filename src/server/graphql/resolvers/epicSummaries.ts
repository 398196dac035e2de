import { type FieldNode, type GraphQLResolveInfo, Kind, type SelectionSetNode } from 'graphql';
import type { GraphQLContext } from '../context.ts';
import { summaryKey } from '../loaders.ts';
import type { EpicModel } from '../models.ts';

/** What `Epic`'s counting fields read: one summary per listed epic (loaders' `epicSummary`). */
export type EpicSummaryValue = Awaited<ReturnType<GraphQLContext['loaders']['epicSummary']['load']>>;

/** The epic's summary for the timeframe of the list it came from (one statement per page). */
export function epicSummary(
  epic: EpicModel,
  context: GraphQLContext,
): EpicSummaryValue | Promise<EpicSummaryValue> {
  const known = context.epicSummaries.get(epic);
  if (known !== undefined) return known;
  const key = summaryKey(epic.root_namespace_id, context.epicTimeframes.get(epic) ?? undefined, epic.id);
  const summary = context.loaders.epicSummary.read(key);
  if (!(summary instanceof Promise)) context.epicSummaries.set(epic, summary);
  return summary;
}

/** `Epic` fields answered from the summary (counts, weights, health, children, blocks). */
const SUMMARY_FIELDS: ReadonlySet<string> = new Set([
  'hasChildren',
  'hasChildrenWithinTimeframe',
  'blocked',
  'blockedByCount',
  'blockingCount',
  'descendantCounts',
  'descendantWeightSum',
  'healthStatus',
]);

/**
 * Reads the summaries of a listed page before its fields resolve, when the query asks for any of
 * them: each counting field of each epic then answers with a plain value. A roadmap page of 1,000
 * epics asks for eight such fields of every epic; as promises they cost more than their statement.
 */
export async function preloadEpicSummaries(
  epics: readonly EpicModel[],
  context: GraphQLContext,
  info: GraphQLResolveInfo,
): Promise<void> {
  if (epics.length === 0 || !info.fieldNodes.some((field) => nodesSelectSummary(field, info))) return;
  await Promise.all(epics.map((epic) => epicSummary(epic, context)));
}

/** Whether a connection field's `nodes` or `edges.node` selects a summary field. */
function nodesSelectSummary(connection: FieldNode, info: GraphQLResolveInfo): boolean {
  return fieldsOf(connection.selectionSet, info).some((field) => {
    if (field.name.value === 'nodes') return selectsSummary(field.selectionSet, info);
    if (field.name.value !== 'edges') return false;
    return fieldsOf(field.selectionSet, info).some(
      (edgeField) => edgeField.name.value === 'node' && selectsSummary(edgeField.selectionSet, info),
    );
  });
}

function selectsSummary(selectionSet: SelectionSetNode | undefined, info: GraphQLResolveInfo): boolean {
  return fieldsOf(selectionSet, info).some((field) => SUMMARY_FIELDS.has(field.name.value));
}

/**
 * The fields of a selection set, fragments spread in (their type conditions are all `Epic` here).
 * Each named fragment is read once, however often it is spread, so the walk is linear in the query.
 */
function fieldsOf(selectionSet: SelectionSetNode | undefined, info: GraphQLResolveInfo): FieldNode[] {
  const fields: FieldNode[] = [];
  const spread = new Set<string>();
  const visit = (set: SelectionSetNode | undefined) => {
    for (const selection of set?.selections ?? []) {
      if (selection.kind === Kind.FIELD) fields.push(selection);
      else if (selection.kind === Kind.INLINE_FRAGMENT) visit(selection.selectionSet);
      else if (!spread.has(selection.name.value)) {
        spread.add(selection.name.value);
        visit(info.fragments[selection.name.value]?.selectionSet);
      }
    }
  };
  visit(selectionSet);
  return fields;
}

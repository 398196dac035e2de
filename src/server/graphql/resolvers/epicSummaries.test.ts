import { type FieldNode, type GraphQLResolveInfo, Kind, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { BatchLoader } from '../batchLoader.ts';
import type { GraphQLContext } from '../context.ts';
import type { EpicModel } from '../models.ts';
import { epicSummary, preloadEpicSummaries } from './epicSummaries.ts';

/** The resolve info of the query's first `epics` field, as the executor hands it to the resolver. */
function infoOf(query: string): GraphQLResolveInfo {
  const document = parse(query);
  const fragments: Record<string, unknown> = {};
  let epics: FieldNode | undefined;
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    const group = definition.selectionSet.selections[0] as FieldNode;
    epics = group.selectionSet?.selections.find(
      (selection): selection is FieldNode =>
        selection.kind === Kind.FIELD && selection.name.value === 'epics',
    );
  }
  return { fieldNodes: [epics], fragments } as unknown as GraphQLResolveInfo;
}

function page() {
  const batches: string[][] = [];
  const epicSummaryLoader = new BatchLoader<string, { blockedBy: number } | null>(async (keys) => {
    batches.push(keys);
    return new Map(keys.map((key) => [key, { blockedBy: 1 }]));
  }, null);
  const context = {
    loaders: { epicSummary: epicSummaryLoader },
    epicTimeframes: new WeakMap(),
    epicSummaries: new WeakMap(),
  } as unknown as GraphQLContext;
  const epics = [1, 2].map((id) => ({ id, root_namespace_id: 7 }) as EpicModel);
  return { batches, context, epics };
}

describe('preloadEpicSummaries', () => {
  it('reads the page’s summaries in one batch when its nodes ask for a count, through a fragment', async () => {
    const { batches, context, epics } = page();
    const info = infoOf(`query { group(fullPath: "g") { epics(first: 2) { nodes { ...E } } } }
      fragment E on Epic { id ... on Epic { descendantCounts { openedIssues } } }`);
    await preloadEpicSummaries(epics, context, info);
    expect(batches).toEqual([['7|||1', '7|||2']]);
    expect(epicSummary(epics[1]!, context)).toEqual({ blockedBy: 1 });
  });

  it('reads them for edges { node { blocked } } too', async () => {
    const { batches, context, epics } = page();
    await preloadEpicSummaries(
      epics,
      context,
      infoOf('{ group(fullPath: "g") { epics { edges { cursor node { blocked } } } } }'),
    );
    expect(batches).toHaveLength(1);
  });

  it('reads nothing when no field of the nodes needs a summary', async () => {
    const { batches, context, epics } = page();
    const info =
      infoOf(`{ group(fullPath: "g") { epics { count nodes { ...E ...E } edges { node { title } } } } }
      fragment E on Epic { id title group { fullPath } }`);
    await preloadEpicSummaries(epics, context, info);
    expect(batches).toEqual([]);
    expect(epicSummary(epics[0]!, context)).toBeInstanceOf(Promise);
  });
});

import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import {
  type ASTNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  Kind,
  parse,
  print,
  type SelectionSetNode,
  visit,
} from 'graphql';
import type { PreloadedQuery } from '../../core/pages/pageMount.ts';
import { type ContextBase, createGraphQLContext } from './context.ts';

/**
 * The roadmap's operations as the page sends them, one document each (with the fragments it
 * spreads): Mercurius caches a compiled query by its text alone, so two operations of one text would
 * share a compilation. Apollo adds `__typename` to every selection but the operation's own, and so do
 * these copies: an embedded answer must be what the page would get.
 */
const ROADMAP_OPERATIONS = operationDocuments(
  withTypenames(parse(readFileSync(new URL('../../core/graphql/roadmap.graphql', import.meta.url), 'utf8'))),
);

function withTypenames(document: DocumentNode): DocumentNode {
  const typename = { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } } as const;
  return visit(document, {
    SelectionSet(node: SelectionSetNode, _key, parent) {
      const isOperation =
        parent !== undefined && 'kind' in parent && parent.kind === Kind.OPERATION_DEFINITION;
      const hasTypename = node.selections.some(
        (selection) => selection.kind === Kind.FIELD && selection.name.value === '__typename',
      );
      return isOperation || hasTypename ? undefined : { ...node, selections: [...node.selections, typename] };
    },
  });
}

/** Each named operation printed with the fragments it uses, directly or through another fragment. */
function operationDocuments(document: DocumentNode): ReadonlyMap<string, string> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const used = (node: ASTNode, into: Set<string>): Set<string> => {
    visit(node, {
      FragmentSpread(spread) {
        const name = spread.name.value;
        const fragment = fragments.get(name);
        if (into.has(name) || !fragment) return;
        into.add(name);
        used(fragment, into);
      },
    });
    return into;
  };
  const operations = new Map<string, string>();
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION || !definition.name) continue;
    const spread = [...used(definition, new Set())].map((name) => fragments.get(name)!);
    operations.set(
      definition.name.value,
      print({ kind: Kind.DOCUMENT, definitions: [definition, ...spread] }),
    );
  }
  return operations;
}

export interface PreloadRequest {
  /** An operation of the roadmap's documents (`RoadmapEpics`, `RoadmapMilestones`). */
  readonly operationName: string;
  readonly variables: object;
}

/**
 * Runs the page's first queries as its viewer, through the same schema, hooks and limits as a request
 * to /api/graphql, side by side; an answer with errors is left out (the page asks again and shows them).
 */
export async function runPreloads(
  app: FastifyInstance,
  base: ContextBase,
  requests: readonly PreloadRequest[],
): Promise<PreloadedQuery[]> {
  const answers = await Promise.all(
    requests.map(async ({ operationName, variables }) => {
      const source = ROADMAP_OPERATIONS.get(operationName);
      if (!source) return null;
      const context = createGraphQLContext(base);
      const result = await app
        .graphql(source, context as never, { ...variables } as Record<string, unknown>, operationName)
        .catch(() => null);
      return !result?.data || result.errors?.length ? null : { operationName, variables, data: result.data };
    }),
  );
  return answers.filter((answer) => answer !== null);
}

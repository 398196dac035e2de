import {
  type DocumentNode,
  type FragmentDefinitionNode,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/** GitLab's GraphQL limits (facts file, section 2). */
export const GRAPHQL_LIMITS = {
  maxQuerySize: 10_000,
  maxDepth: { anonymous: 15, authenticated: 20 },
  maxComplexity: { anonymous: 200, authenticated: 250, admin: 300 },
} as const;

export interface QueryCost {
  readonly depth: number;
  readonly complexity: number;
}

/** Depth and complexity (one point per field, fragments expanded) of every operation in a document. */
export function measureQuery(document: DocumentNode): QueryCost {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const walk = (selectionSet: SelectionSetNode, depth: number, seen: ReadonlySet<string>): QueryCost => {
    let maxDepth = depth;
    let complexity = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value.startsWith('__')) continue;
        complexity += 1;
        if (selection.selectionSet) {
          const inner = walk(selection.selectionSet, depth + 1, seen);
          complexity += inner.complexity;
          maxDepth = Math.max(maxDepth, inner.depth);
        } else {
          maxDepth = Math.max(maxDepth, depth + 1);
        }
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const inner = walk(selection.selectionSet, depth, seen);
        complexity += inner.complexity;
        maxDepth = Math.max(maxDepth, inner.depth);
      } else {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        if (!fragment || seen.has(name)) continue;
        const inner = walk(fragment.selectionSet, depth, new Set([...seen, name]));
        complexity += inner.complexity;
        maxDepth = Math.max(maxDepth, inner.depth);
      }
    }
    return { depth: maxDepth, complexity };
  };
  let depth = 0;
  let complexity = 0;
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    const cost = walk((definition as OperationDefinitionNode).selectionSet, 0, new Set());
    depth = Math.max(depth, cost.depth);
    complexity = Math.max(complexity, cost.complexity);
  }
  return { depth, complexity };
}

export function limitsFor(user: { is_admin: boolean } | null) {
  return {
    maxDepth: user ? GRAPHQL_LIMITS.maxDepth.authenticated : GRAPHQL_LIMITS.maxDepth.anonymous,
    maxComplexity: !user
      ? GRAPHQL_LIMITS.maxComplexity.anonymous
      : user.is_admin
        ? GRAPHQL_LIMITS.maxComplexity.admin
        : GRAPHQL_LIMITS.maxComplexity.authenticated,
  };
}

import {
  type ArgumentNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLNamedType,
  type GraphQLSchema,
  type GraphQLType,
  Kind,
  type SelectionSetNode,
} from 'graphql';

/** GitLab's GraphQL limits. */
export const GRAPHQL_LIMITS = {
  maxQuerySize: 10_000,
  maxDepth: { anonymous: 15, authenticated: 20 },
  maxComplexity: { anonymous: 200, authenticated: 250, admin: 300 },
  /**
   * Not GitLab limits: the query size already bounds these, but a low cap keeps the measure's own
   * work small whatever the document looks like.
   */
  maxFragmentDefinitions: 100,
  maxFragmentSpreads: 500,
} as const;

export interface QueryLimits {
  readonly maxDepth: number;
  readonly maxComplexity: number;
}

export interface QueryCost {
  readonly depth: number;
  readonly complexity: number;
}

/**
 * GitLab adds complexity for the items a connection may load (`connection_complexity_multiplier`):
 * `complexity × min(first, last, max page size) × per-item rate`, so asking for a full page doubles
 * a connection's cost. Epic connections page up to 1,000 with a rate of 0.001; all others up to 100
 * with 0.01 (the server's page caps, connection.ts and resolvers/epicArgs.ts).
 */
const CONNECTION_COST = {
  default: { maxPageSize: 100, perItem: 0.01 },
  EpicConnection: { maxPageSize: 1000, perItem: 0.001 },
  // `Epic.issues` pages up to 1,000 too (services/tree/epicTreeService.ts).
  EpicIssueConnection: { maxPageSize: 1000, perItem: 0.001 },
} as const;

/** Thrown as soon as a limit is exceeded, so that the rest of a hostile document is never walked. */
class LimitExceeded extends Error {}

/**
 * Depth and complexity of the operations in a validated document (one point per field, fragments
 * expanded, connections weighted by the page they ask for). Throws a GraphQLError with GitLab's
 * message as soon as either limit is exceeded; the reported value is then the measure when it was
 * stopped, which is already over the limit.
 *
 * Each fragment is measured once and its cost reused at every spread (its cost does not depend on
 * where it is spread), so nested fragments cost linear time instead of exponential.
 */
export function measureQuery(
  schema: GraphQLSchema,
  document: DocumentNode,
  limits: QueryLimits,
  variables: Readonly<Record<string, unknown>> = {},
): QueryCost {
  const fragments = collectFragments(document);
  // A variable the request leaves out takes its default (`$pageSize: Int = 100`), as at execution.
  const pageVariables = { ...integerDefaults(document), ...variables };
  const fragmentCosts = new Map<string, QueryCost>();
  const inProgress = new Set<string>();

  const checkDepth = (depth: number) => {
    if (depth > limits.maxDepth) {
      throw new LimitExceeded(`Query has depth of ${depth}, which exceeds max depth of ${limits.maxDepth}`);
    }
  };
  const checkComplexity = (complexity: number) => {
    if (complexity > limits.maxComplexity) {
      throw new LimitExceeded(
        `Query has complexity of ${complexity}, which exceeds max complexity of ${limits.maxComplexity}`,
      );
    }
  };

  const fragmentCost = (name: string): QueryCost => {
    const known = fragmentCosts.get(name);
    if (known) return known;
    const fragment = fragments.get(name);
    // Unknown fragments and cycles are validation errors; they cost nothing here.
    if (!fragment || inProgress.has(name)) return { depth: 0, complexity: 0 };
    inProgress.add(name);
    const cost = walk(fragment.selectionSet, schema.getType(fragment.typeCondition.name.value) ?? null);
    inProgress.delete(name);
    fragmentCosts.set(name, cost);
    return cost;
  };

  /** Cost of a selection set relative to its own level: depth counts the fields below it. */
  const walk = (selectionSet: SelectionSetNode, parentType: GraphQLNamedType | null): QueryCost => {
    let depth = 0;
    let complexity = 0;
    const add = (inner: QueryCost) => {
      depth = Math.max(depth, inner.depth);
      complexity += inner.complexity;
      checkDepth(depth);
      checkComplexity(complexity);
    };
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value.startsWith('__')) continue;
        const fieldType = fieldTypeOf(parentType, selection.name.value);
        const inner = selection.selectionSet
          ? walk(selection.selectionSet, fieldType)
          : { depth: 0, complexity: 0 };
        const own = 1 + inner.complexity;
        const withItems = own + connectionExtra(fieldType, own, selection.arguments ?? [], pageVariables);
        add({ depth: inner.depth + 1, complexity: withItems });
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition
          ? (schema.getType(selection.typeCondition.name.value) ?? null)
          : parentType;
        add(walk(selection.selectionSet, type));
      } else {
        add(fragmentCost(selection.name.value));
      }
    }
    return { depth, complexity };
  };

  try {
    let depth = 0;
    let complexity = 0;
    for (const definition of document.definitions) {
      if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
      const cost = walk(definition.selectionSet, schema.getRootType(definition.operation) ?? null);
      depth = Math.max(depth, cost.depth);
      complexity = Math.max(complexity, cost.complexity);
    }
    return { depth, complexity };
  } catch (error) {
    if (error instanceof LimitExceeded) throw new GraphQLError(error.message);
    throw error;
  }
}

/** The integer defaults of the operations' variables, by name. */
function integerDefaults(document: DocumentNode): Record<string, number> {
  const defaults: Record<string, number> = {};
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    for (const variable of definition.variableDefinitions ?? []) {
      if (variable.defaultValue?.kind === Kind.INT) {
        defaults[variable.variable.name.value] = Number.parseInt(variable.defaultValue.value, 10);
      }
    }
  }
  return defaults;
}

/** Fragment definitions by name, after checking the fragment caps in one linear pass. */
function collectFragments(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  let spreads = 0;
  const countSpreads = (selectionSet: SelectionSetNode) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) spreads++;
      else if (selection.selectionSet) countSpreads(selection.selectionSet);
    }
  };
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    if ('selectionSet' in definition && definition.selectionSet) countSpreads(definition.selectionSet);
  }
  if (fragments.size > GRAPHQL_LIMITS.maxFragmentDefinitions) {
    throw new GraphQLError(
      `Query has ${fragments.size} fragments, which exceeds max fragments of ${GRAPHQL_LIMITS.maxFragmentDefinitions}`,
    );
  }
  if (spreads > GRAPHQL_LIMITS.maxFragmentSpreads) {
    throw new GraphQLError(
      `Query has ${spreads} fragment spreads, which exceeds max fragment spreads of ${GRAPHQL_LIMITS.maxFragmentSpreads}`,
    );
  }
  return fragments;
}

/**
 * The named type of a field. Duck-typed on purpose: Mercurius loads graphql as CommonJS and this
 * module as ESM, and graphql's `isObjectType`/`getNamedType` refuse types from the other copy.
 */
function fieldTypeOf(parentType: GraphQLNamedType | null, fieldName: string): GraphQLNamedType | null {
  if (!parentType || !('getFields' in parentType)) return null;
  let type: GraphQLType | undefined = parentType.getFields()[fieldName]?.type;
  while (type && 'ofType' in type) type = type.ofType;
  return type ?? null;
}

/** The complexity a connection field adds for the items it may load (GitLab's multiplier). */
function connectionExtra(
  fieldType: GraphQLNamedType | null,
  complexity: number,
  args: readonly ArgumentNode[],
  variables: Readonly<Record<string, unknown>>,
): number {
  if (!fieldType?.name.endsWith('Connection')) return 0;
  const rule =
    fieldType.name === 'EpicConnection' || fieldType.name === 'EpicIssueConnection'
      ? CONNECTION_COST[fieldType.name]
      : CONNECTION_COST.default;
  const requested = ['first', 'last']
    .map((name) => pageArgument(args, name, variables))
    .filter((value): value is number => value !== null);
  const items = Math.min(rule.maxPageSize, ...requested.map((value) => Math.max(0, value)));
  return Math.floor(complexity * items * rule.perItem);
}

/** A literal or variable integer argument, or null when absent or not an integer. */
function pageArgument(
  args: readonly ArgumentNode[],
  name: string,
  variables: Readonly<Record<string, unknown>>,
): number | null {
  const value = args.find((arg) => arg.name.value === name)?.value;
  if (!value) return null;
  if (value.kind === Kind.INT) return Number.parseInt(value.value, 10);
  if (value.kind === Kind.VARIABLE) {
    const given = variables[value.name.value];
    return typeof given === 'number' && Number.isFinite(given) ? given : null;
  }
  return null;
}

export function limitsFor(user: { is_admin: boolean } | null): QueryLimits {
  return {
    maxDepth: user ? GRAPHQL_LIMITS.maxDepth.authenticated : GRAPHQL_LIMITS.maxDepth.anonymous,
    maxComplexity: !user
      ? GRAPHQL_LIMITS.maxComplexity.anonymous
      : user.is_admin
        ? GRAPHQL_LIMITS.maxComplexity.admin
        : GRAPHQL_LIMITS.maxComplexity.authenticated,
  };
}

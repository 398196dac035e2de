import type { Executor } from '../../db/executor.ts';
import { findNamespacesByIds, findSelfAndDescendants } from '../../db/repositories/namespaceRepository.ts';
import type { NamespaceRow } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import { epicReaderFor } from '../viewerScope.ts';

export interface EpicScopeOptions {
  /** GitLab's default is false. */
  readonly includeAncestorGroups?: boolean | undefined;
  /** GitLab's default is true. */
  readonly includeDescendantGroups?: boolean | undefined;
  /** Every group of the root namespace, when the caller has them already (saves two statements). */
  readonly groupsOfRoot?: readonly NamespaceRow[] | undefined;
}

/** The groups whose epics a list may show, and those where confidential epics are visible too. */
export interface EpicScope {
  readonly groups: readonly NamespaceRow[];
  readonly groupIds: readonly number[];
  readonly confidentialGroupIds: readonly number[];
}

/** Shared with the viewer's other requests at the data version (AccessContext.rememberForViewer). */
export function resolveEpicScope(
  db: Executor,
  access: AccessContext,
  group: NamespaceRow,
  options: EpicScopeOptions,
): Promise<EpicScope> {
  const ancestors = options.includeAncestorGroups ? 'a' : '';
  const descendants = (options.includeDescendantGroups ?? true) ? 'd' : '';
  return access.rememberForViewer(`epicScope:${group.id}:${ancestors}${descendants}`, () =>
    decideEpicScope(db, access, group, options),
  );
}

async function decideEpicScope(
  db: Executor,
  access: AccessContext,
  group: NamespaceRow,
  options: EpicScopeOptions,
): Promise<EpicScope> {
  const candidates = new Map<number, NamespaceRow>([[group.id, group]]);
  const known = options.groupsOfRoot;
  if (options.includeDescendantGroups ?? true) {
    const below = known
      ? known.filter((row) => row.traversal_ids.includes(group.id))
      : await findSelfAndDescendants(db, group);
    for (const row of below) candidates.set(row.id, row);
  }
  if (options.includeAncestorGroups) {
    const above = known
      ? known.filter((row) => group.traversal_ids.includes(row.id))
      : await findNamespacesByIds(db, group.traversal_ids);
    for (const row of above) candidates.set(row.id, row);
  }
  const { groupIds, confidentialGroupIds } = await epicReaderFor(access, candidates.values());
  const readable = new Set(groupIds);
  const groups = [...candidates.values()].filter((row) => readable.has(row.id));
  return { groups, groupIds, confidentialGroupIds };
}

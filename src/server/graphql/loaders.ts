import type { Kysely } from 'kysely';
import {
  type DescendantStats,
  findDescendantStats,
  findEpicIdsWithChildren,
  findEpicIdsWithIssues,
  findEpicsByIds,
} from '../db/repositories/epicRepository.ts';
import {
  countVotes,
  findAssigneeIdsOfIssues,
  findEpicIdsOfIssues,
} from '../db/repositories/issueRepository.ts';
import { findLabelsOfTargets } from '../db/repositories/labelRepository.ts';
import { findMilestonesByIds } from '../db/repositories/milestoneRepository.ts';
import { findNamespacesByIds } from '../db/repositories/namespaceRepository.ts';
import { findProjectsByIds } from '../db/repositories/projectRepository.ts';
import { findUsersByIds } from '../db/repositories/userRepository.ts';
import type {
  Database,
  EpicRow,
  LabelRow,
  MilestoneRow,
  NamespaceRow,
  ProjectRow,
  UserRow,
} from '../db/schema.ts';
import { BatchLoader } from './batchLoader.ts';
import type { GraphQLContext } from './context.ts';

const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));

export function createLoaders(db: Kysely<Database>, viewerScope: GraphQLContext['viewerScope']) {
  return {
    user: new BatchLoader<number, UserRow | null>(async (ids) => byId(await findUsersByIds(db, ids)), null),
    namespace: new BatchLoader<number, NamespaceRow | null>(
      async (ids) => byId(await findNamespacesByIds(db, ids)),
      null,
    ),
    project: new BatchLoader<number, ProjectRow | null>(
      async (ids) => byId(await findProjectsByIds(db, ids)),
      null,
    ),
    epic: new BatchLoader<number, EpicRow | null>(async (ids) => byId(await findEpicsByIds(db, ids)), null),
    milestone: new BatchLoader<number, MilestoneRow | null>(
      async (ids) => byId(await findMilestonesByIds(db, ids)),
      null,
    ),
    epicLabels: new BatchLoader<number, LabelRow[]>((ids) => findLabelsOfTargets(db, 'Epic', ids), []),
    issueLabels: new BatchLoader<number, LabelRow[]>((ids) => findLabelsOfTargets(db, 'Issue', ids), []),
    epicVotes: new BatchLoader((ids: number[]) => countVotes(db, 'Epic', ids), { upvotes: 0, downvotes: 0 }),
    issueVotes: new BatchLoader((ids: number[]) => countVotes(db, 'Issue', ids), {
      upvotes: 0,
      downvotes: 0,
    }),
    issueAssigneeIds: new BatchLoader<number, number[]>((ids) => findAssigneeIdsOfIssues(db, ids), []),
    issueEpicId: new BatchLoader<number, number | null>((ids) => findEpicIdsOfIssues(db, ids), null),
    epicHasChildren: new BatchLoader<number, boolean>(async (ids) => {
      const found = await findEpicIdsWithChildren(db, ids);
      return new Map(ids.map((id) => [id, found.has(id)]));
    }, false),
    epicHasIssues: new BatchLoader<number, boolean>(async (ids) => {
      const found = await findEpicIdsWithIssues(db, ids);
      return new Map(ids.map((id) => [id, found.has(id)]));
    }, false),
    /** Keyed by `rootId:epicId`, as the visibility filter is per root namespace. */
    descendantStats: new BatchLoader<string, DescendantStats | null>(async (keys) => {
      const result = new Map<string, DescendantStats | null>();
      const byRoot = new Map<number, number[]>();
      for (const key of keys) {
        const [root, epic] = key.split(':').map(Number) as [number, number];
        byRoot.set(root, [...(byRoot.get(root) ?? []), epic]);
      }
      for (const [root, epicIds] of byRoot) {
        const stats = await findDescendantStats(db, epicIds, await viewerScope(root));
        for (const [epicId, value] of stats) result.set(`${root}:${epicId}`, value);
      }
      return result;
    }, null),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;

import type { Kysely } from 'kysely';
import { AccessLevel } from '../../../core/domain/accessLevel.ts';
import { DAY_MS, formatTimestamp } from '../../../core/time/epochDay.ts';
import type { Database } from '../schema.ts';
import {
  DEMO_USERS,
  GROUP_SPECS,
  type GroupSpec,
  MEMBERSHIP_SPECS,
  PROJECT_SPECS,
  type ProjectSpec,
  USER_SPECS,
} from './organisationSpecs.ts';
import { type Random, WeightedTable } from './random.ts';

/**
 * The demo organisation's people, groups, projects and memberships with their ids, and the
 * effective access of everyone everywhere (what authorship, assignment and to-dos depend on).
 */

export interface SeededGroup {
  readonly index: number;
  readonly id: number;
  /** Its top-level group's id: each top-level group is a root namespace of its own, as in the app. */
  readonly rootId: number;
  readonly fullPath: string;
  readonly visibility: number;
  readonly epicShare: number;
  /** Indexes of the groups from the root down to this one, itself included. */
  readonly chain: readonly number[];
  /** Indexes of this group and every group below it. */
  readonly subtree: readonly number[];
}

export interface SeededProject {
  readonly index: number;
  readonly id: number;
  readonly groupIndex: number;
  readonly fullPath: string;
  readonly issueShare: number;
}

export interface Organisation {
  /** acme's id: the root namespace of every epic, issue and merge request the seed generates. */
  readonly rootId: number;
  readonly userIds: readonly number[];
  readonly groups: readonly SeededGroup[];
  readonly projects: readonly SeededProject[];
  /** Effective access level, `[groupIndex][userIndex]`, inherited down the group tree as GitLab does. */
  readonly access: readonly (readonly number[])[];
  readonly adminUserId: number;
  /** When the organisation was founded: everything is created after it. */
  readonly foundedMs: number;
}

/** Ids are assigned here, from 1, and written explicitly: the database starts empty. */
export function planOrganisation(todayDay: number): Organisation {
  const groupIndexByPath = new Map(GROUP_SPECS.map((spec, index) => [spec.fullPath, index]));
  const parentIndexOf = (fullPath: string): number | null => {
    const parentPath = fullPath.split('/').slice(0, -1).join('/');
    return parentPath === '' ? null : requireIndex(groupIndexByPath, parentPath);
  };
  const chains: number[][] = [];
  GROUP_SPECS.forEach((spec, index) => {
    const parent = parentIndexOf(spec.fullPath);
    chains.push(parent === null ? [index] : [...(chains[parent] as number[]), index]);
  });
  const groups = GROUP_SPECS.map((spec, index) => ({
    index,
    id: index + 1,
    rootId: (chains[index]?.[0] as number) + 1,
    fullPath: spec.fullPath,
    visibility: spec.visibility,
    epicShare: spec.epicShare,
    chain: chains[index] as number[],
    subtree: chains.flatMap((chain, other) => (chain.includes(index) ? [other] : [])),
  }));
  const projects = PROJECT_SPECS.map((spec, index) => {
    const groupIndex = requireIndex(groupIndexByPath, spec.groupPath);
    return {
      index,
      id: index + 1,
      groupIndex,
      fullPath: `${spec.groupPath}/${spec.path}`,
      issueShare: spec.issueShare,
    };
  });
  const userIndexByName = new Map(USER_SPECS.map((spec, index) => [spec.username, index]));
  const access = groups.map(() => USER_SPECS.map(() => 0));
  for (const [username, groupPath, level] of MEMBERSHIP_SPECS) {
    const userIndex = requireIndex(userIndexByName, username);
    const groupIndex = requireIndex(groupIndexByPath, groupPath);
    for (const below of groups[groupIndex]?.subtree ?? []) {
      const row = access[below] as number[];
      row[userIndex] = Math.max(row[userIndex] ?? 0, level);
    }
  }
  const rootId = 1;
  const outside = [
    ...groups
      .filter((group) => group.epicShare > 0 && group.rootId !== rootId)
      .map((group) => group.fullPath),
    ...projects
      .filter((project) => project.issueShare > 0 && groups[project.groupIndex]?.rootId !== rootId)
      .map((project) => project.fullPath),
  ];
  // Generated content is written with acme's root namespace id, so it must all be in acme.
  if (outside.length > 0) throw new Error(`Generated content outside acme: ${outside.join(', ')}`);
  return {
    rootId,
    userIds: USER_SPECS.map((_, index) => index + 1),
    groups,
    projects,
    access,
    adminUserId: requireIndex(userIndexByName, 'admin') + 1,
    foundedMs: (todayDay - 4 * 365) * DAY_MS,
  };
}

function requireIndex(indexes: ReadonlyMap<string, number>, key: string): number {
  const index = indexes.get(key);
  if (index === undefined) throw new Error(`Unknown demo entry '${key}'`);
  return index;
}

/**
 * Who may author, be assigned or react in a group: its members from `minLevel` up, weighted so that
 * developers and maintainers do most of the work, as in a real team.
 */
export function memberPicker(org: Organisation, groupIndex: number, minLevel: number): WeightedTable<number> {
  const levels = org.access[groupIndex] ?? [];
  const weightOf = (level: number) =>
    level >= AccessLevel.Developer ? 4 : level >= AccessLevel.Reporter ? 2 : 1;
  return new WeightedTable(
    org.userIds.flatMap((userId, userIndex) => {
      const level = levels[userIndex] ?? 0;
      return level >= minLevel ? [[userId, weightOf(level)] as const] : [];
    }),
  );
}

/** The root namespace id of the group at this index. */
function rootIdOfGroup(org: Organisation, groupIndex: number): number {
  const group = org.groups[groupIndex];
  if (!group) throw new Error(`No demo group at ${groupIndex}`);
  return group.rootId;
}

/** The root namespace id of what a group's or a project's row (a label, a milestone) belongs to. */
export function rootIdOfOwner(
  org: Organisation,
  groupIndex: number | null | undefined,
  projectIndex: number | null | undefined,
): number {
  if (groupIndex !== null && groupIndex !== undefined) return rootIdOfGroup(org, groupIndex);
  const project =
    projectIndex === null || projectIndex === undefined ? undefined : org.projects[projectIndex];
  if (!project) throw new Error(`No demo group or project for ${groupIndex}/${projectIndex}`);
  return rootIdOfGroup(org, project.groupIndex);
}

export function accessOf(org: Organisation, groupIndex: number, userId: number): number {
  return org.access[groupIndex]?.[userId - 1] ?? 0;
}

export async function insertOrganisation(
  db: Kysely<Database>,
  org: Organisation,
  passwordHash: string,
  random: Random,
): Promise<{ users: number; groups: number; projects: number; members: number }> {
  const at = (days: number) => formatTimestamp(org.foundedMs + days * DAY_MS + random.int(0, DAY_MS - 1));
  await db
    .insertInto('users')
    .values(
      USER_SPECS.map((spec, index) => ({
        id: org.userIds[index] as number,
        username: spec.username,
        email: `${spec.username}@example.com`,
        name: spec.name,
        password_hash: passwordHash,
        is_admin: spec.isAdmin ?? false,
        created_at: at(index * 3),
      })),
    )
    .execute();
  await db
    .insertInto('namespaces')
    .values(
      org.groups.map((group) => {
        const spec = GROUP_SPECS[group.index] as GroupSpec;
        const parentIndex = group.chain.at(-2);
        const createdAt = at(group.index * 11);
        return {
          id: group.id,
          root_namespace_id: group.rootId,
          parent_id: parentIndex === undefined ? null : parentIndex + 1,
          traversal_ids: group.chain.map((index) => index + 1),
          path: group.fullPath.split('/').at(-1) as string,
          name: spec.name,
          full_path: group.fullPath,
          full_name: group.chain.map((index) => GROUP_SPECS[index]?.name).join(' / '),
          description: `${spec.name} at Acme: plans, roadmaps and the work behind them.`,
          visibility_level: group.visibility,
          emails_disabled: spec.emailsDisabled ?? false,
          created_at: createdAt,
          updated_at: createdAt,
        };
      }),
    )
    .execute();
  await db
    .insertInto('projects')
    .values(
      org.projects.map((project) => {
        const spec = PROJECT_SPECS[project.index] as ProjectSpec;
        const createdAt = at(120 + project.index * 9);
        return {
          id: project.id,
          root_namespace_id: rootIdOfGroup(org, project.groupIndex),
          namespace_id: project.groupIndex + 1,
          path: spec.path,
          name: spec.name,
          full_path: project.fullPath,
          description: `The ${spec.name} project.`,
          visibility_level: spec.visibility,
          created_at: createdAt,
          updated_at: createdAt,
        };
      }),
    )
    .execute();
  const members = MEMBERSHIP_SPECS.map(([username, groupPath, level], index) => {
    const group = org.groups.find((candidate) => candidate.fullPath === groupPath) as SeededGroup;
    return {
      root_namespace_id: group.rootId,
      user_id: DEMO_USERS.indexOf(username) + 1,
      source_type: 'Namespace' as const,
      source_id: group.id,
      access_level: level,
      created_at: at(30 + index * 5),
    };
  });
  await db.insertInto('members').values(members).execute();
  return {
    users: USER_SPECS.length,
    groups: org.groups.length,
    projects: org.projects.length,
    members: members.length,
  };
}

import { contrastTextColor, parseHexColor } from '../../../core/domain/colors.ts';
import { type GfmReference, MENTION_ALL, referenceKey } from '../../../core/domain/gfmReferences.ts';
import {
  epicWebPath,
  groupMilestonePath,
  groupPath,
  issueOrTaskWebPath,
  labelIssuesPath,
  mergeRequestWebPath,
  projectMilestonePath,
  userPath,
} from '../../../core/domain/webPaths.ts';
import { appendTo } from '../../../core/lib/multiMap.ts';
import type { Executor } from '../../db/executor.ts';
import { findGroupsAndProjectsOfRoot } from '../../db/repositories/namespaceRepository.ts';
import {
  findEpicsByIids,
  findIssuesByIids,
  findLabelsOwnedBy,
  findMergeRequestsByIids,
  findMilestonesOwnedBy,
  findPlacesByFullPaths,
  findVisibleGroupsByFullPaths,
  type IidsIn,
  type OwnedBy,
} from '../../db/repositories/referenceRepository.ts';
import { findUsersByUsernames } from '../../db/repositories/userRepository.ts';
import type { LabelRow, MilestoneRow, NamespaceRow, ProjectRow } from '../../db/schema.ts';
import { fitsSqlInteger } from '../../db/sqlInteger.ts';
import type { AccessContext } from '../access.ts';
import { inTheirNamespaces, issueReaderFor } from '../issueService.ts';
import { epicReaderFor } from '../viewerScope.ts';
import type { ReferenceLink, ResolvedReferences } from './referenceLinks.ts';

/**
 * Where a text lives, which decides what its relative references name: on an issue (or anywhere
 * in a project) `#12` is the project's issue and `&5` its group's epic; on an epic (or in a group)
 * `&5` is the group's epic and an issue needs its project's path. Labels and milestones are the
 * project's and its groups' up to the root.
 */
export type MarkdownContext =
  | { readonly project: ProjectRow; readonly namespace: NamespaceRow }
  | { readonly group: NamespaceRow };

/**
 * At most this many distinct references of one document are looked up; the rest stay text, so that
 * a body of thousands of references costs what one of two hundred does.
 */
export const MAX_REFERENCES_PER_DOCUMENT = 200;

/** Iids in one statement of a kind, well under PostgreSQL's 65,535 parameters. */
const MAX_IIDS_PER_STATEMENT = 10_000;

type Of<K extends GfmReference['kind']> = Extract<GfmReference, { kind: K }>;

/** What the resolution reads once and shares between kinds. */
class Resolution {
  readonly resolved = new Map<string, ReferenceLink>();
  /** Keys of references to things that exist but the reader may not see, when asked for. */
  readonly hidden: Set<string> | null;
  readonly group: NamespaceRow;
  readonly project: ProjectRow | null;
  private root: Promise<Places> | undefined;
  private outside: Promise<Places> | undefined;

  constructor(
    readonly db: Executor,
    readonly access: AccessContext,
    context: MarkdownContext,
    trackHidden: boolean,
  ) {
    this.group = 'group' in context ? context.group : context.namespace;
    this.project = 'project' in context ? context.project : null;
    this.hidden = trackHidden ? new Set() : null;
  }

  /** Every group and project of the context's root namespace (one statement, read once). */
  rootContents() {
    this.root ??= findGroupsAndProjectsOfRoot(this.db, this.group.root_namespace_id);
    return this.root;
  }

  /**
   * The groups and projects the references name by full path: the context root's, and those of
   * other top-level groups (GitLab links `other-group&5` and `other-group/project#3` across them),
   * which are looked up only when a path is not the root's, once for every kind.
   */
  async places(references: readonly GfmReference[]): Promise<Places> {
    const root = await this.rootContents();
    this.outside ??= this.lookUpOutside(root, references);
    const outside = await this.outside;
    return { groups: [...root.groups, ...outside.groups], projects: [...root.projects, ...outside.projects] };
  }

  private lookUpOutside(root: Places, references: readonly GfmReference[]): Promise<Places> {
    const held = new Set([...root.groups, ...root.projects].map((place) => place.full_path.toLowerCase()));
    const groupPaths = new Set<string>();
    const projectPaths = new Set<string>();
    for (const reference of references) {
      if (!('path' in reference) || reference.path === null) continue;
      const lower = reference.path.toLowerCase();
      if (held.has(lower)) continue;
      if (reference.kind === 'epic') groupPaths.add(lower);
      else if (lower.includes('/')) projectPaths.add(lower);
    }
    if (groupPaths.size === 0 && projectPaths.size === 0)
      return Promise.resolve({ groups: [], projects: [] });
    return findPlacesByFullPaths(this.db, [...groupPaths], [...projectPaths]);
  }

  /** Labels and milestones a text sees: the project's, its group's and every ancestor's. */
  get owners(): OwnedBy {
    return { groupIds: this.group.traversal_ids, projectId: this.project?.id ?? null };
  }

  add(reference: GfmReference, link: ReferenceLink): void {
    this.resolved.set(referenceKey(reference), link);
  }

  /** Notes, when asked, the references located but not resolved that name something all the same. */
  addHidden(
    located: readonly Located<Of<'issue' | 'epic' | 'merge_request'>>[],
    existing: readonly { readonly ownerId: number; readonly iid: number }[],
  ): void {
    if (!this.hidden) return;
    const exists = new Set(existing.map((row) => `${row.ownerId}:${row.iid}`));
    for (const { ownerId, reference } of located) {
      const key = referenceKey(reference);
      if (!this.resolved.has(key) && exists.has(`${ownerId}:${reference.iid}`)) this.hidden.add(key);
    }
  }
}

interface Places {
  readonly groups: NamespaceRow[];
  readonly projects: ProjectRow[];
}

/** A reference with the project or group that holds it, and that owner's root namespace. */
interface Located<R> {
  readonly ownerId: number;
  readonly rootId: number;
  readonly reference: R;
}

/**
 * What each reference names that the reader may see, by referenceKey; anything missing or hidden
 * from the reader is left out and stays text, so that a link never reveals what the reader could
 * not open. Relative references are read in the context's root namespace; a full path may name a
 * group or project of another top-level group, as in GitLab. A few statements per kind of
 * reference, whatever their number, each inside one root namespace (the sharding key).
 */
export async function resolveReferences(
  db: Executor,
  access: AccessContext,
  context: MarkdownContext,
  references: readonly GfmReference[],
): Promise<ResolvedReferences> {
  const resolution = new Resolution(db, access, context, false);
  await resolveAll(resolution, references.slice(0, MAX_REFERENCES_PER_DOCUMENT));
  return resolution.resolved;
}

/**
 * Every reference sorted by what the reader sees: a link, something hidden from them (it exists but
 * they may not see it), or neither (it names nothing) — GitLab's test of whether a system note
 * naming other items may show. No limit on their number; a few statements per kind all the same.
 */
export async function classifyReferences(
  db: Executor,
  access: AccessContext,
  context: MarkdownContext,
  references: readonly GfmReference[],
): Promise<{ readonly readable: ReadonlySet<string>; readonly hidden: ReadonlySet<string> }> {
  const resolution = new Resolution(db, access, context, true);
  await resolveAll(resolution, references);
  return { readable: new Set(resolution.resolved.keys()), hidden: resolution.hidden ?? new Set() };
}

async function resolveAll(resolution: Resolution, wanted: readonly GfmReference[]): Promise<void> {
  const of = <K extends GfmReference['kind']>(kind: K) =>
    wanted.filter((reference): reference is Of<K> => reference.kind === kind);
  await resolveIssues(resolution, of('issue'), wanted);
  await resolveEpics(resolution, of('epic'), wanted);
  await resolveMergeRequests(resolution, of('merge_request'), wanted);
  await resolveLabels(resolution, of('label'));
  await resolveMilestones(resolution, of('milestone'));
  await resolveMentions(resolution, of('user'));
}

/**
 * Reads the references' rows one root namespace at a time (no statement crosses two, the sharding
 * key), each with one `iid IN` per owner.
 */
async function readPerRoot<R extends { readonly iid: number }, Row>(
  entries: readonly Located<R>[],
  read: (rootId: number, wanted: IidsIn[]) => Promise<Row[]>,
): Promise<Row[]> {
  const byRoot = new Map<number, Map<number, number[]>>();
  for (const { rootId, ownerId, reference } of entries) {
    if (!fitsSqlInteger(reference.iid)) continue;
    const owners = byRoot.get(rootId) ?? new Map<number, number[]>();
    appendTo(owners, ownerId, reference.iid);
    byRoot.set(rootId, owners);
  }
  const rows: Row[] = [];
  for (const [rootId, owners] of byRoot) {
    // Statements of at most so many iids: each is a parameter, and PostgreSQL takes 65,535.
    let batch: IidsIn[] = [];
    let size = 0;
    const flush = async () => {
      if (batch.length > 0) rows.push(...(await read(rootId, batch)));
      batch = [];
      size = 0;
    };
    for (const [ownerId, iids] of owners) {
      for (let start = 0; start < iids.length; start += MAX_IIDS_PER_STATEMENT) {
        const part = iids.slice(start, start + MAX_IIDS_PER_STATEMENT);
        if (size + part.length > MAX_IIDS_PER_STATEMENT) await flush();
        batch.push({ ownerId, iids: part });
        size += part.length;
      }
    }
    await flush();
  }
  return rows;
}

/**
 * When hidden references are tracked: of the located references left unresolved, those that name
 * an existing row all the same, read without the reader's filter.
 */
async function noteHidden(
  resolution: Resolution,
  located: readonly Located<Of<'issue' | 'epic'>>[],
  readUnfiltered: (rootId: number, wanted: IidsIn[]) => Promise<{ ownerId: number; iid: number }[]>,
): Promise<void> {
  if (!resolution.hidden) return;
  const unresolved = located.filter((entry) => !resolution.resolved.has(referenceKey(entry.reference)));
  resolution.addHidden(unresolved, await readPerRoot(unresolved, readUnfiltered));
}

/** Each project-held reference with the project it names, in the context's root or another. */
async function locateInProjects<R extends { readonly path: string | null; readonly iid: number }>(
  resolution: Resolution,
  references: readonly R[],
  all: readonly GfmReference[],
) {
  const { group, project: contextProject } = resolution;
  const { groups, projects } = await resolution.places(all);
  const byPath = new Map(projects.map((project) => [project.full_path.toLowerCase(), project]));
  const groupsById = new Map(groups.map((each) => [each.id, each]));
  const projectAt = (path: string | null): ProjectRow | null => {
    if (path === null) return contextProject;
    const lower = path.toLowerCase();
    // `web#3` is a project of the context's group, `acme/web#3` a full path (as GitLab reads them).
    return (
      (lower.includes('/') ? byPath.get(lower) : undefined) ??
      byPath.get(`${group.full_path.toLowerCase()}/${lower}`) ??
      null
    );
  };
  const located = references.flatMap((reference) => {
    const project = projectAt(reference.path);
    return project ? [{ ownerId: project.id, rootId: project.root_namespace_id, project, reference }] : [];
  });
  return { located, groupsById };
}

async function resolveMergeRequests(
  resolution: Resolution,
  references: readonly Of<'merge_request'>[],
  all: readonly GfmReference[],
): Promise<void> {
  if (references.length === 0) return;
  const { access, db } = resolution;
  const { located, groupsById } = await locateInProjects(resolution, references, all);
  const projectIds: number[] = [];
  const projects = inTheirNamespaces(new Set(located.map((entry) => entry.project)), groupsById);
  for (const { project, namespace } of projects) {
    if (await access.canInProject('read_merge_request', project, namespace)) projectIds.push(project.id);
  }
  // Unreadable projects' merge requests are read only to tell hidden ones from missing ones.
  const asked = resolution.hidden ? located : located.filter((entry) => projectIds.includes(entry.ownerId));
  const mergeRequests = await readPerRoot(asked, (rootId, wanted) =>
    findMergeRequestsByIids(db, rootId, wanted),
  );
  for (const { project, reference } of asked) {
    if (!projectIds.includes(project.id)) continue;
    const found = mergeRequests.find((row) => row.project_id === project.id && row.iid === reference.iid);
    if (!found) continue;
    resolution.add(reference, {
      kind: 'merge_request',
      href: mergeRequestWebPath(project.full_path, found.iid),
      title: found.title,
      state: found.state,
    });
  }
  resolution.addHidden(
    asked,
    mergeRequests.map((row) => ({ ownerId: row.project_id, iid: row.iid })),
  );
}

async function resolveIssues(
  resolution: Resolution,
  references: readonly Of<'issue'>[],
  all: readonly GfmReference[],
): Promise<void> {
  if (references.length === 0) return;
  const { access, db } = resolution;
  const { located, groupsById } = await locateInProjects(resolution, references, all);
  const projects = inTheirNamespaces(new Set(located.map((entry) => entry.project)), groupsById);
  const reader = await issueReaderFor(access, projects);
  const readable = located.filter((entry) => reader.projectIds.includes(entry.ownerId));
  const issues = await readPerRoot(readable, (rootId, wanted) =>
    findIssuesByIids(db, rootId, wanted, reader),
  );
  for (const { project, reference } of readable) {
    const issue = issues.find((row) => row.project_id === project.id && row.iid === reference.iid);
    if (!issue) continue;
    resolution.add(reference, {
      kind: 'issue',
      href: issueOrTaskWebPath(project.full_path, issue.iid, issue.issue_type),
      title: issue.title,
      closed: issue.state === 'closed',
    });
  }
  await noteHidden(resolution, located, async (rootId, wanted) =>
    (await findIssuesByIids(db, rootId, wanted, null)).map((row) => ({
      ownerId: row.project_id,
      iid: row.iid,
    })),
  );
}

async function resolveEpics(
  resolution: Resolution,
  references: readonly Of<'epic'>[],
  all: readonly GfmReference[],
): Promise<void> {
  if (references.length === 0) return;
  const { access, db, group: contextGroup } = resolution;
  const { groups } = await resolution.places(all);
  const byPath = new Map(groups.map((group) => [group.full_path.toLowerCase(), group]));
  const located = references.flatMap((reference) => {
    const group = reference.path === null ? contextGroup : byPath.get(reference.path.toLowerCase());
    return group ? [{ ownerId: group.id, rootId: group.root_namespace_id, group, reference }] : [];
  });
  const reader = await epicReaderFor(access, new Set(located.map((entry) => entry.group)));
  const readable = located.filter((entry) => reader.groupIds.includes(entry.ownerId));
  const epics = await readPerRoot(readable, (rootId, wanted) => findEpicsByIids(db, rootId, wanted, reader));
  for (const { group, reference } of readable) {
    const epic = epics.find((row) => row.group_id === group.id && row.iid === reference.iid);
    if (!epic) continue;
    resolution.add(reference, {
      kind: 'epic',
      href: epicWebPath(group.full_path, epic.iid),
      title: epic.title,
      closed: epic.state === 'closed',
    });
  }
  await noteHidden(resolution, located, async (rootId, wanted) =>
    (await findEpicsByIids(db, rootId, wanted, null)).map((row) => ({ ownerId: row.group_id, iid: row.iid })),
  );
}

/**
 * Of the rows that answer one reference, the one nearest the text: the project's own, then its
 * group's, then each ancestor's (GitLab prefers the closest label or milestone of a title).
 */
function nearest<T extends Pick<LabelRow | MilestoneRow, 'group_id' | 'project_id'>>(
  resolution: Resolution,
  rows: readonly T[],
): T | undefined {
  const depth = (row: T) =>
    row.project_id !== null
      ? Number.MAX_SAFE_INTEGER
      : resolution.group.traversal_ids.indexOf(row.group_id ?? -1);
  return [...rows].sort((a, b) => depth(b) - depth(a))[0];
}

/** Whether the reader may see what this label or milestone's owner holds. */
async function mayRead(
  resolution: Resolution,
  action: 'read_label' | 'read_milestone',
  row: Pick<LabelRow | MilestoneRow, 'group_id'>,
): Promise<NamespaceRow | null | false> {
  const { access, project, group } = resolution;
  if (row.group_id === null) {
    return project !== null && (await access.canInProject(action, project, group)) ? null : false;
  }
  const owner = (await resolution.rootContents()).groups.find((each) => each.id === row.group_id);
  return owner && (await access.canInNamespace(action, owner)) ? owner : false;
}

/** `#rrggbb` for a stored colour (`#rgb` widened), or null when it is none. */
function hexColor(value: string): string | null {
  const rgb = parseHexColor(value);
  return rgb && `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

async function resolveLabels(resolution: Resolution, references: readonly Of<'label'>[]): Promise<void> {
  if (references.length === 0) return;
  const titles = references.flatMap((reference) => ('title' in reference ? [reference.title] : []));
  const ids = references.flatMap((reference) =>
    'id' in reference && fitsSqlInteger(reference.id) ? [reference.id] : [],
  );
  const labels = await findLabelsOwnedBy(resolution.db, resolution.owners, { titles, ids });
  const { project, group } = resolution;
  for (const reference of references) {
    const label = nearest(
      resolution,
      labels.filter((row) =>
        'title' in reference ? row.title === reference.title : row.id === reference.id,
      ),
    );
    const color = label && hexColor(label.color);
    if (!label || !color || (await mayRead(resolution, 'read_label', label)) === false) continue;
    const textColor = hexColor(contrastTextColor(color)) ?? '#ffffff';
    resolution.add(reference, {
      kind: 'label',
      href: project
        ? labelIssuesPath('project', project.full_path, label.title)
        : labelIssuesPath('group', group.full_path, label.title),
      title: label.title,
      color,
      textColor,
      description: label.description,
    });
  }
}

async function resolveMilestones(
  resolution: Resolution,
  references: readonly Of<'milestone'>[],
): Promise<void> {
  if (references.length === 0) return;
  const titles = references.flatMap((reference) => ('title' in reference ? [reference.title] : []));
  const iids = references.flatMap((reference) =>
    'iid' in reference && fitsSqlInteger(reference.iid) ? [reference.iid] : [],
  );
  const milestones = await findMilestonesOwnedBy(resolution.db, resolution.owners, { titles, iids });
  for (const reference of references) {
    const milestone = nearest(
      resolution,
      milestones.filter((row) =>
        'title' in reference ? row.title === reference.title : row.iid === reference.iid,
      ),
    );
    if (!milestone) continue;
    const owner = await mayRead(resolution, 'read_milestone', milestone);
    if (owner === false) continue;
    const href =
      owner === null
        ? projectMilestonePath(resolution.project!.full_path, milestone.iid)
        : groupMilestonePath(owner.full_path, milestone.iid);
    resolution.add(reference, { kind: 'milestone', href, title: milestone.title });
  }
}

/** `@username` links to the user, `@group/path` to a group the reader may see; `@all` stays text. */
async function resolveMentions(resolution: Resolution, references: readonly Of<'user'>[]): Promise<void> {
  const names = references
    .map((reference) => reference.username)
    .filter((name) => name.toLowerCase() !== MENTION_ALL);
  if (names.length === 0) return;
  const users = new Map(
    (await findUsersByUsernames(resolution.db, names)).map((user) => [user.username.toLowerCase(), user]),
  );
  const others = names.filter((name) => !users.has(name.toLowerCase()));
  const groups = new Map(
    (await findVisibleGroupsByFullPaths(resolution.db, others, resolution.access.viewer)).map((group) => [
      group.full_path.toLowerCase(),
      group,
    ]),
  );
  for (const reference of references) {
    const key = reference.username.toLowerCase();
    const user = users.get(key);
    const group = groups.get(key);
    if (user) resolution.add(reference, { kind: 'user', href: userPath(user.username), title: user.name });
    else if (group)
      resolution.add(reference, { kind: 'user', href: groupPath(group.full_path), title: group.full_name });
  }
}

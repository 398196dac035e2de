import { type ParsedReference, parseReference } from '../../../core/domain/referenceParsing.ts';
import type { Executor } from '../../db/executor.ts';
import { findNamespaceByFullPath } from '../../db/repositories/namespaceRepository.ts';
import type { NamespaceRow } from '../../db/schema.ts';
import { fitsSqlInteger } from '../../db/sqlInteger.ts';
import type { AccessContext } from '../access.ts';
import { type EpicInGroup, findReadableEpic } from '../epics/epicQueries.ts';
import { NotFoundError } from '../errors.ts';
import { findReadableIssueOrNull, type IssueInProject, type ProjectInNamespace } from '../issueService.ts';
import {
  findReadableMergeRequest,
  type MergeRequestInProject,
} from '../mergeRequests/mergeRequestQueries.ts';
import { findReadableProjectOrNull } from '../projectService.ts';

/** A longer entry is no reference (and is not worth matching). */
const MAX_REFERENCE_LENGTH = 2048;

export type ResolvedEpic = EpicInGroup;

function parsedEntries(references: readonly string[], kind: ParsedReference['kind']): ParsedReference[] {
  return references
    .filter((reference) => reference.length <= MAX_REFERENCE_LENGTH)
    .flatMap((reference) => parseReference(reference, kind) ?? [])
    .filter((parsed) => fitsSqlInteger(parsed.iid));
}

/**
 * The epics the references name that the actor may read, in any group, each once, in the order
 * given; whether one may be linked is the caller's rule (a child epic must be in the hierarchy of
 * `context`, the group of the epic whose form it is). `&5` means an epic of the context's own
 * group; `path&5` and URLs name the group by its full path. Anything else is left out, as GitLab's
 * reference extractor leaves out what it cannot find or show.
 */
export async function resolveEpicReferences(
  db: Executor,
  access: AccessContext,
  context: NamespaceRow,
  references: readonly string[],
): Promise<ResolvedEpic[]> {
  const groups = new Map<string, NamespaceRow | undefined>([[context.full_path.toLowerCase(), context]]);
  const found = new Map<number, ResolvedEpic>();
  for (const parsed of parsedEntries(references, 'epic')) {
    const path = (parsed.path ?? context.full_path).toLowerCase();
    if (!groups.has(path)) groups.set(path, await findNamespaceByFullPath(db, path));
    const group = groups.get(path);
    if (!group) continue;
    const readable = await findReadableEpic(db, access, { group, iid: parsed.iid }, { missing: 'null' });
    if (!readable || found.has(readable.epic.id)) continue;
    found.set(readable.epic.id, readable);
  }
  return [...found.values()];
}

type ReferenceContext = {
  readonly namespace: NamespaceRow;
  readonly project?: ProjectInNamespace | undefined;
};

/**
 * Each parsed reference of this kind with the readable project it names, in any group: `#12` the
 * context's project, `project#12` a project of the context's namespace, `group/project#12` and URLs
 * a project by its full path.
 */
async function* projectsOfReferences(
  db: Executor,
  access: AccessContext,
  context: ReferenceContext,
  references: readonly string[],
  kind: 'issue' | 'merge_request',
): AsyncGenerator<[ParsedReference, ProjectInNamespace]> {
  const projects = new Map<string, ProjectInNamespace | null>();
  if (context.project) projects.set(context.project.project.full_path.toLowerCase(), context.project);
  const projectAt = async (fullPath: string) => {
    const key = fullPath.toLowerCase();
    if (!projects.has(key)) projects.set(key, await findReadableProjectOrNull(db, access, fullPath));
    return projects.get(key) ?? null;
  };
  for (const parsed of parsedEntries(references, kind)) {
    let located: ProjectInNamespace | null = null;
    if (parsed.path === null) located = context.project ?? null;
    else {
      located = parsed.path.includes('/') ? await projectAt(parsed.path) : null;
      located ??= await projectAt(`${context.namespace.full_path}/${parsed.path}`);
    }
    if (!located) continue;
    yield [parsed, located];
  }
}

/**
 * The merge requests the references name that the actor may read (`!3`, `project!3`,
 * `group/project!3`, a merge request URL), each once, in the order given.
 */
export async function resolveMergeRequestReferences(
  db: Executor,
  access: AccessContext,
  context: ReferenceContext,
  references: readonly string[],
): Promise<MergeRequestInProject[]> {
  const found = new Map<number, MergeRequestInProject>();
  for await (const [parsed, located] of projectsOfReferences(
    db,
    access,
    context,
    references,
    'merge_request',
  )) {
    const readable = await findReadableMergeRequest(db, access, located, parsed.iid).catch(
      (error: unknown) => {
        if (error instanceof NotFoundError) return null;
        throw error;
      },
    );
    if (!readable || found.has(readable.mergeRequest.id)) continue;
    found.set(readable.mergeRequest.id, readable);
  }
  return [...found.values()];
}

/**
 * The issues the references name that the actor may read, in any project, each once, in the order
 * given. `#12` means an issue of the context's project (an epic has none, so there it names nothing,
 * as in GitLab); `project#12` a project of the context's namespace; `group/project#12` and URLs a
 * project by its full path.
 */
export async function resolveIssueReferences(
  db: Executor,
  access: AccessContext,
  context: ReferenceContext,
  references: readonly string[],
): Promise<IssueInProject[]> {
  const found = new Map<number, IssueInProject>();
  for await (const [parsed, located] of projectsOfReferences(db, access, context, references, 'issue')) {
    const issue = await findReadableIssueOrNull(db, access, located, parsed.iid);
    if (!issue || found.has(issue.id)) continue;
    found.set(issue.id, { ...located, issue });
  }
  return [...found.values()];
}

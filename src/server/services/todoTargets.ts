import type { Executor } from '../db/executor.ts';
import { findEpicsByIds } from '../db/repositories/epicRepository.ts';
import { findIssuesByIds } from '../db/repositories/issueRowsRepository.ts';
import { findMergeRequestsByIds } from '../db/repositories/mergeRequestRepository.ts';
import { findNamespacesByIds } from '../db/repositories/namespaceRepository.ts';
import { findNoteTexts } from '../db/repositories/noteRepository.ts';
import { findProjectsByIds } from '../db/repositories/projectRepository.ts';
import { findUsersByIds } from '../db/repositories/userRepository.ts';
import type { EpicRow, NamespaceRow, ProjectRow, TodoRow, UserRow } from '../db/schema.ts';
import type { IssueInProject } from './issueService.ts';
import type { MergeRequestInProject } from './mergeRequests/mergeRequestQueries.ts';

/** What a page of to-dos points at, read in one batch per table, each keyed by id. */
export interface TodoTargets {
  readonly issues: ReadonlyMap<number, IssueInProject>;
  readonly mergeRequests: ReadonlyMap<number, MergeRequestInProject>;
  readonly epics: ReadonlyMap<number, { readonly epic: EpicRow; readonly group: NamespaceRow }>;
  /** The groups and projects of access requests (`member_access_requested`). */
  readonly groups: ReadonlyMap<number, NamespaceRow>;
  readonly projects: ReadonlyMap<number, { readonly project: ProjectRow; readonly namespace: NamespaceRow }>;
  readonly authors: ReadonlyMap<number, UserRow>;
  /** The text of the notes that raised to-dos, by note id. */
  readonly noteTexts: ReadonlyMap<number, string>;
}

/**
 * GitLab's to-do body: the note's text when a note raised the to-do (a mention), else the target's
 * title (a note deleted since leaves the title).
 */
export function todoBody(
  todo: Pick<TodoRow, 'note_id'>,
  targetTitle: string,
  noteTextOf: (noteId: number) => string | null | undefined,
): string {
  return (todo.note_id === null ? null : noteTextOf(todo.note_id)) ?? targetTitle;
}

const byId = <T extends { id: number }>(rows: readonly T[]) => new Map(rows.map((row) => [row.id, row]));
const unique = (ids: Iterable<number>) => [...new Set(ids)];

/**
 * The targets, their places and the authors of to-dos already filtered to what their user may read
 * (todoService's lists): nothing here checks access again. A target deleted meanwhile is absent.
 */
export async function findTodoTargets(db: Executor, todos: readonly TodoRow[]): Promise<TodoTargets> {
  const idsOf = (type: TodoRow['target_type']) =>
    unique(todos.filter((todo) => todo.target_type === type).map((todo) => todo.target_id));
  const [issues, mergeRequests, epics, authors, noteTexts] = await Promise.all([
    findIssuesByIds(db, idsOf('Issue')),
    findMergeRequestsByIds(db, idsOf('MergeRequest')),
    findEpicsByIds(db, idsOf('Epic')),
    findUsersByIds(db, unique(todos.map((todo) => todo.author_id))),
    findNoteTexts(db, unique(todos.flatMap((todo) => (todo.note_id === null ? [] : [todo.note_id])))),
  ]);
  const projects = byId(
    await findProjectsByIds(
      db,
      unique([
        ...issues.map((issue) => issue.project_id),
        ...mergeRequests.map((mergeRequest) => mergeRequest.project_id),
        ...idsOf('Project'),
      ]),
    ),
  );
  const namespaces = byId(
    await findNamespacesByIds(
      db,
      unique([
        ...[...projects.values()].map((p) => p.namespace_id),
        ...epics.map((e) => e.group_id),
        ...idsOf('Namespace'),
      ]),
    ),
  );
  const issueMap = new Map<number, IssueInProject>();
  for (const issue of issues) {
    const project = projects.get(issue.project_id);
    const namespace = project && namespaces.get(project.namespace_id);
    if (project && namespace) issueMap.set(issue.id, { project, namespace, issue });
  }
  const mergeRequestMap = new Map<number, MergeRequestInProject>();
  for (const mergeRequest of mergeRequests) {
    const project = projects.get(mergeRequest.project_id);
    const namespace = project && namespaces.get(project.namespace_id);
    if (project && namespace) mergeRequestMap.set(mergeRequest.id, { project, namespace, mergeRequest });
  }
  const epicMap = new Map<number, { epic: EpicRow; group: NamespaceRow }>();
  for (const epic of epics) {
    const group = namespaces.get(epic.group_id);
    if (group) epicMap.set(epic.id, { epic, group });
  }
  const groups = new Map<number, NamespaceRow>();
  for (const id of idsOf('Namespace')) {
    const group = namespaces.get(id);
    if (group) groups.set(id, group);
  }
  const projectMap = new Map<number, { project: ProjectRow; namespace: NamespaceRow }>();
  for (const id of idsOf('Project')) {
    const project = projects.get(id);
    const namespace = project && namespaces.get(project.namespace_id);
    if (project && namespace) projectMap.set(id, { project, namespace });
  }
  return {
    issues: issueMap,
    mergeRequests: mergeRequestMap,
    epics: epicMap,
    groups,
    projects: projectMap,
    authors: byId(authors),
    noteTexts,
  };
}

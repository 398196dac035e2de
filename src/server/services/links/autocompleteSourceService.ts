import type { Executor } from '../../db/executor.ts';
import { searchIssueSuggestions } from '../../db/repositories/autocompleteRepository.ts';
import type { EpicRow, IssueRow, NamespaceRow, ProjectRow } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import { listEpicsPage } from '../epics/epicQueries.ts';
import { rootView } from './linkViews.ts';

/** How many suggestions one request answers (the input shows a short list and searches as you type). */
export const SUGGESTION_LIMIT = 50;

export interface SuggestionQuery {
  readonly search: string;
  /** Only confidential items: a confidential parent takes no others (spec, "Confidential parent"). */
  readonly confidentialOnly: boolean;
}

/**
 * Epics for the reference input of an epic's forms (GitLab's group autocomplete_sources/epics): the
 * group's, its subgroups' and its ancestors' epics the actor may read, by title or iid, newest first.
 */
export async function suggestEpics(
  db: Executor,
  access: AccessContext,
  group: NamespaceRow,
  query: SuggestionQuery,
): Promise<{ epic: EpicRow; groupPath: string }[]> {
  const search = query.search.trim();
  const iid = /^&?(\d{1,15})$/.exec(search)?.[1];
  const { rows } = await listEpicsPage(
    db,
    access,
    group,
    {
      includeAncestorGroups: true,
      includeDescendantGroups: true,
      confidential: query.confidentialOnly ? true : undefined,
      ...(iid !== undefined ? { iidStartsWith: iid } : search !== '' ? { search } : {}),
    },
    { column: 'created_at', direction: 'desc' },
    { offset: 0, limit: SUGGESTION_LIMIT },
  );
  const view = await rootView(db, access, group.root_namespace_id);
  return rows.flatMap((epic) => {
    const owner = view.groups.get(epic.group_id);
    return owner ? [{ epic, groupPath: owner.full_path }] : [];
  });
}

/**
 * Issues for the reference input (GitLab's group autocomplete_sources/issues): issues of the
 * group's and its subgroups' projects the actor may read, by title or iid, newest first.
 */
export async function suggestIssues(
  db: Executor,
  access: AccessContext,
  group: NamespaceRow,
  query: SuggestionQuery,
): Promise<{ issue: IssueRow; project: ProjectRow }[]> {
  const view = await rootView(db, access, group.root_namespace_id);
  const inGroup = (project: ProjectRow) =>
    view.groups.get(project.namespace_id)?.traversal_ids.includes(group.id);
  const projectIds = view.scope.projectIds.filter((id) => {
    const project = view.projects.get(id);
    return project !== undefined && inGroup(project);
  });
  const rows = await searchIssueSuggestions(
    db,
    {
      projectIds,
      confidentialProjectIds: view.scope.confidentialProjectIds,
      viewerId: view.viewerId,
      seesHidden: view.seesHidden,
    },
    { search: query.search, confidentialOnly: query.confidentialOnly, limit: SUGGESTION_LIMIT },
  );
  return rows.flatMap((issue) => {
    const project = view.projects.get(issue.project_id);
    return project ? [{ issue, project }] : [];
  });
}

/**
 * CreateIssueForm — the tree's 'Add a new issue' form (spec): a title and a project dropdown
 * ('Select a project'; 'Recently used' from local storage per user, inside the parent's group; the
 * group's projects from GET `/api/v4/groups/:id/projects?include_subgroups=true&order_by=last_activity_at
 * &with_issues_enabled=true&with_shared=false&search_namespaces=true&search=`; 'No matches found').
 * 'Create issue' posts `/api/v4/projects/:id/issues` `{ title, epic_id }` with the title trimmed, and
 * is disabled without a project or while busy. Escape cancels.
 */

import { type FormEvent, useEffect, useId, useState } from 'react';
import { createEpicIssue, fetchGroupProjects, type ProjectOption } from '../../../data/index.ts';
import { systemClock } from '../../../lib/clock.ts';
import { useDebouncedQuery } from '../../../lib/index.ts';
import { usePushToast } from '../../../state/index.ts';
import { TREE_TEXT } from '../treeTexts.ts';
import { CreateFormLayout } from './CreateFormLayout.tsx';
import { canCreateIssue, projectSections } from './createForms.ts';
import {
  browserStorage,
  readRecentProjects,
  readUsageList,
  recentProjectsIn,
  recordRecentProject,
  writeRecentProjects,
} from './recentProjects.ts';
import { SearchableSelect } from './SearchableSelect.tsx';
import type { TreeFormParent } from './treeFormTypes.ts';

export interface CreateIssueFormProps {
  readonly parent: TreeFormParent;
  /** The signed-in user: the recently used projects are theirs. */
  readonly currentUsername: string;
  readonly onCreated: () => void;
  readonly onCancel: () => void;
}

export function CreateIssueForm({ parent, currentUsername, onCreated, onCancel }: CreateIssueFormProps) {
  const [title, setTitle] = useState('');
  const [project, setProject] = useState<ProjectOption | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [dropdownOpen, setDropdownOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [recent] = useState(() => readRecentProjects(browserStorage(), currentUsername));
  const pushToast = usePushToast();
  const projectLabelId = useId();
  const found = useDebouncedQuery(dropdownOpen ? `${parent.groupId}\n${search.trim()}` : null, (signal) =>
    fetchGroupProjects(parent.groupId, search.trim(), signal),
  );
  useEffect(() => {
    if (found.failed) pushToast(TREE_TEXT.fetchProjectsFailed, 'danger');
  }, [found.failed, pushToast]);
  const sections = projectSections(recentProjectsIn(recent, parent.fullPath), found.value ?? [], search);
  const status = found.loading
    ? TREE_TEXT.loading
    : found.value !== null && sections.length === 0
      ? TREE_TEXT.noMatchesFound
      : null;
  const enabled = canCreateIssue({ title, project, submitting });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!enabled || project === null) return;
    setSubmitting(true);
    const result = await createEpicIssue({
      projectId: project.id,
      epicId: parent.numericalId,
      title: title.trim(),
      confidential: parent.confidential,
    });
    setSubmitting(false);
    if (!result.ok) {
      pushToast(TREE_TEXT.createIssueFailed, 'danger');
      return;
    }
    const storage = browserStorage();
    writeRecentProjects(
      storage,
      currentUsername,
      recordRecentProject(readUsageList(storage, currentUsername), project, systemClock.now().getTime()),
    );
    onCreated();
  };

  return (
    <CreateFormLayout
      kind="issue"
      title={title}
      onTitleChange={setTitle}
      placeholder={TREE_TEXT.newIssueTitle}
      confidential={parent.confidential}
      enabled={enabled}
      submitting={submitting}
      submitLabel={TREE_TEXT.createIssue}
      busyLabel={TREE_TEXT.creatingIssue}
      onSubmit={(event) => void submit(event)}
      onCancel={onCancel}
    >
      <span id={projectLabelId} className="tf-label">
        {TREE_TEXT.project}
      </span>
      <SearchableSelect<ProjectOption>
        labelId={projectLabelId}
        toggleText={project?.nameWithNamespace ?? TREE_TEXT.selectProject}
        searchLabel={TREE_TEXT.searchProject}
        search={search}
        onSearch={setSearch}
        sections={sections.map((section) => ({
          key: section.key,
          label: section.label,
          options: section.projects,
        }))}
        optionKey={(option) => String(option.id)}
        renderOption={(option) => (
          <span className="tf-option-text">
            <span>{option.name}</span>
            <span className="muted">{option.nameWithNamespace}</span>
          </span>
        )}
        selectedKey={project ? String(project.id) : null}
        status={status}
        onOpenChange={setDropdownOpen}
        onSelect={setProject}
        disabled={submitting}
        testId="create-issue-project"
      />
    </CreateFormLayout>
  );
}

import { type FormEvent, useMemo, useState } from 'react';
import { NAMESPACE_TEXTS, type ProjectTargetJson } from '../../../core/domain/namespaceCreation.ts';
import type { Visibility } from '../../../core/domain/visibility.ts';
import { NEW_GROUP_PATH, projectPath } from '../../../core/domain/webPaths.ts';
import { parseJsonList } from '../../../core/lib/jsonText.ts';
import type { PageMountOf } from '../../../core/pages/pageMount.ts';
import { SelectField, TextField } from '../../components/forms/index.ts';
import { PageHeader } from '../../components/navigation/index.ts';
import { createProject, usePageSettled } from '../../data/index.ts';
import { Alert, Button, EmptyState, useDocumentTitle } from '../../ui/index.ts';
import { CREATE_TEXTS } from './createTexts.ts';
import { parseChoices, problemOf } from './creation.ts';
import { useCreationForm } from './useCreationForm.ts';
import { VisibilityFieldset } from './VisibilityFieldset.tsx';

function parseTargets(text: string): ProjectTargetJson[] {
  return parseJsonList(text).flatMap((entry) => {
    const group = entry as Record<string, unknown>;
    return typeof group?.id === 'number' &&
      typeof group.fullPath === 'string' &&
      typeof group.fullName === 'string'
      ? [
          {
            id: group.id,
            fullPath: group.fullPath,
            fullName: group.fullName,
            visibility: parseChoices((group.visibility ?? {}) as Record<string, unknown>),
          },
        ]
      : [];
  });
}

/**
 * `/projects/new`: GitLab's new project form, in one of the groups the person may create projects
 * in. The visibility offered follows the group chosen (never above it); the slug follows the name
 * until it is edited.
 */
export function NewProjectPage({ groups, namespaceId }: PageMountOf<'project-new'>) {
  const targets = useMemo(() => parseTargets(groups), [groups]);
  usePageSettled(true);
  useDocumentTitle(NAMESPACE_TEXTS.newProject);
  const [groupId, setGroupId] = useState(() =>
    String(targets.find((target) => String(target.id) === namespaceId)?.id ?? targets[0]?.id ?? ''),
  );
  const target = targets.find((candidate) => String(candidate.id) === groupId);
  const { name, setName, path, setPath, busy, fields, failure, submit } = useCreationForm(projectPath);
  const [chosenLevel, setLevel] = useState<Visibility | null>(null);
  // A level the group chosen now refuses falls back to where its form starts.
  const level =
    chosenLevel &&
    target?.visibility.levels.some((item) => item.level === chosenLevel && item.problem === null)
      ? chosenLevel
      : (target?.visibility.start ?? null);
  const [description, setDescription] = useState('');

  if (targets.length === 0) {
    return (
      <div className="create-page">
        <PageHeader crumbs={[]} title={NAMESPACE_TEXTS.newProject} />
        <EmptyState
          title={CREATE_TEXTS.noGroups}
          description={CREATE_TEXTS.noGroupsDetail}
          testId="project-no-groups"
        >
          <div className="empty-state-actions">
            <a className="btn btn-confirm" href={NEW_GROUP_PATH}>
              {NAMESPACE_TEXTS.newGroup}
            </a>
          </div>
        </EmptyState>
      </div>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!target || !level) return;
    void submit(() => createProject({ name, path, namespaceId: target.id, visibility: level, description }));
  };

  return (
    <div className="create-page">
      <PageHeader crumbs={[]} title={NAMESPACE_TEXTS.newProject} />
      {failure ? (
        <Alert variant="danger" testId="create-error">
          {failure}
        </Alert>
      ) : null}
      <form className="create-form" onSubmit={onSubmit} noValidate data-testid="project-form">
        <TextField
          id="project-name"
          label={CREATE_TEXTS.projectName}
          value={name}
          onChange={setName}
          problem={problemOf(fields, 'name')}
          autoComplete="off"
          maxLength={255}
        />
        <SelectField
          id="project-group"
          label={CREATE_TEXTS.projectGroup}
          value={groupId}
          onChange={setGroupId}
          options={targets.map((candidate) => [candidate.fullName, String(candidate.id)] as const)}
        />
        <TextField
          id="project-path"
          label={CREATE_TEXTS.projectSlug}
          value={path}
          onChange={setPath}
          help={target ? `${window.location.origin}${projectPath(`${target.fullPath}/${path}`)}` : undefined}
          problem={problemOf(fields, 'path')}
          autoComplete="off"
          maxLength={255}
        />
        {target ? (
          <VisibilityFieldset
            choices={target.visibility}
            value={level}
            onChange={setLevel}
            help={CREATE_TEXTS.projectLevelHelp}
            problem={problemOf(fields, 'visibility_level')}
          />
        ) : null}
        <TextField
          id="project-description"
          label={CREATE_TEXTS.description}
          value={description}
          onChange={setDescription}
          problem={problemOf(fields, 'description')}
          maxLength={2000}
        />
        <Button type="submit" variant="confirm" disabled={busy || !level} data-testid="project-submit">
          {busy ? CREATE_TEXTS.creating : NAMESPACE_TEXTS.createProject}
        </Button>
      </form>
    </div>
  );
}

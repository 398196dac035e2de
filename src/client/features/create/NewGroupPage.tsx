import { type FormEvent, useState } from 'react';
import { NAMESPACE_TEXTS, type VisibilityChoicesJson } from '../../../core/domain/namespaceCreation.ts';
import type { Visibility } from '../../../core/domain/visibility.ts';
import { groupPath } from '../../../core/domain/webPaths.ts';
import { parseJsonRecord } from '../../../core/lib/jsonText.ts';
import type { PageMountOf } from '../../../core/pages/pageMount.ts';
import { TextField } from '../../components/forms/index.ts';
import { PageHeader } from '../../components/navigation/index.ts';
import { createGroup, usePageSettled } from '../../data/index.ts';
import { Alert, Button, useDocumentTitle } from '../../ui/index.ts';
import { CREATE_TEXTS } from './createTexts.ts';
import { parseChoices, problemOf } from './creation.ts';
import { useCreationForm } from './useCreationForm.ts';
import { VisibilityFieldset } from './VisibilityFieldset.tsx';

/**
 * `/groups/new`: GitLab's new group form (a subgroup of `parentFullPath` when given). The URL
 * follows the name until it is edited; the API checks everything and answers each field's problem.
 */
export function NewGroupPage({ parentId, parentFullPath, parentName, visibility }: PageMountOf<'group-new'>) {
  const choices: VisibilityChoicesJson = parseChoices(parseJsonRecord(visibility) ?? {});
  const title = parentId ? NAMESPACE_TEXTS.newSubgroup : NAMESPACE_TEXTS.newGroup;
  usePageSettled(true);
  useDocumentTitle(title);
  const { name, setName, path, setPath, busy, fields, failure, submit } = useCreationForm(groupPath);
  const [level, setLevel] = useState<Visibility | null>(choices.start);
  const [description, setDescription] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (level) void submit(() => createGroup({ name, path, parentId, visibility: level, description }));
  };

  return (
    <div className="create-page">
      <PageHeader crumbs={[]} title={title}>
        {parentId ? <p className="page-subtitle">In {parentName}</p> : null}
      </PageHeader>
      {failure ? (
        <Alert variant="danger" testId="create-error">
          {failure}
        </Alert>
      ) : null}
      <form className="create-form" onSubmit={onSubmit} noValidate data-testid="group-form">
        <TextField
          id="group-name"
          label={CREATE_TEXTS.groupName}
          value={name}
          onChange={setName}
          problem={problemOf(fields, 'name')}
          autoComplete="off"
          maxLength={255}
        />
        <TextField
          id="group-path"
          label={CREATE_TEXTS.groupUrl}
          value={path}
          onChange={setPath}
          help={`${window.location.origin}${groupPath(parentFullPath ? `${parentFullPath}/${path}` : path)}`}
          problem={problemOf(fields, 'path')}
          autoComplete="off"
          maxLength={255}
        />
        <VisibilityFieldset
          choices={choices}
          value={level}
          onChange={setLevel}
          help={CREATE_TEXTS.groupLevelHelp}
          problem={problemOf(fields, 'visibility_level')}
        />
        <TextField
          id="group-description"
          label={CREATE_TEXTS.description}
          value={description}
          onChange={setDescription}
          problem={problemOf(fields, 'description')}
          maxLength={2000}
        />
        <Button type="submit" variant="confirm" disabled={busy || !level} data-testid="group-submit">
          {busy ? CREATE_TEXTS.creating : NAMESPACE_TEXTS.createGroup}
        </Button>
      </form>
    </div>
  );
}

/**
 * CreateEpicForm — the tree's 'Add a new epic' form (spec): a title and a group dropdown
 * (the parent epic's group first and chosen, then its descendant groups from
 * GET `/api/v4/groups/:id/descendant_groups?search=`). 'Create epic' posts
 * `/api/v4/groups/:id/epics` `{ parent_id, confidential, title }` with the title trimmed; it reads
 * 'Creating epic' meanwhile and is disabled while the title is empty. Escape cancels.
 */

import { type FormEvent, useId, useState } from 'react';
import { createChildEpic, fetchDescendantGroups, type GroupOption } from '../../../data/index.ts';
import { useDebouncedQuery } from '../../../lib/index.ts';
import { usePushToast } from '../../../state/index.ts';
import { createEpicErrorText, TREE_TEXT } from '../treeTexts.ts';
import { CreateFormLayout } from './CreateFormLayout.tsx';
import { canCreateEpic, epicTitlePlaceholder, groupChoices } from './createForms.ts';
import { SearchableSelect } from './SearchableSelect.tsx';
import type { TreeFormParent } from './treeFormTypes.ts';

export interface CreateEpicFormProps {
  readonly parent: TreeFormParent;
  readonly onCreated: () => void;
  readonly onCancel: () => void;
}

export function CreateEpicForm({ parent, onCreated, onCancel }: CreateEpicFormProps) {
  const parentGroup: GroupOption = {
    id: parent.groupId,
    name: parent.groupName,
    fullPath: parent.fullPath,
    avatarUrl: null,
  };
  const [title, setTitle] = useState('');
  const [group, setGroup] = useState<GroupOption>(parentGroup);
  const [submitting, setSubmitting] = useState(false);
  const [dropdownOpen, setDropdownOpen] = useState(false);
  const [search, setSearch] = useState('');
  const pushToast = usePushToast();
  const groupLabelId = useId();
  const found = useDebouncedQuery(dropdownOpen ? `${parent.groupId}\n${search.trim()}` : null, (signal) =>
    fetchDescendantGroups(parent.groupId, search.trim(), signal),
  );
  const choices = groupChoices(parentGroup, found.value ?? [], search);
  const status = found.loading
    ? TREE_TEXT.loading
    : found.failed
      ? TREE_TEXT.fetchGroupsFailed
      : choices.length === 0
        ? TREE_TEXT.noMatchingGroups
        : null;
  const enabled = canCreateEpic({ title, submitting });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!enabled) return;
    setSubmitting(true);
    const result = await createChildEpic({
      groupId: group.fullPath,
      parentId: parent.numericalId,
      confidential: parent.confidential,
      title: title.trim(),
    });
    setSubmitting(false);
    if (result.ok) onCreated();
    else pushToast(createEpicErrorText(result.error), 'danger');
  };

  return (
    <CreateFormLayout
      kind="epic"
      title={title}
      onTitleChange={setTitle}
      placeholder={epicTitlePlaceholder(parent.confidential)}
      confidential={parent.confidential}
      enabled={enabled}
      submitting={submitting}
      submitLabel={TREE_TEXT.createEpic}
      busyLabel={TREE_TEXT.creatingEpic}
      onSubmit={(event) => void submit(event)}
      onCancel={onCancel}
    >
      <span id={groupLabelId} className="tf-label">
        {TREE_TEXT.group}
      </span>
      <SearchableSelect<GroupOption>
        labelId={groupLabelId}
        toggleText={group.name}
        searchLabel={TREE_TEXT.searchGroup}
        search={search}
        onSearch={setSearch}
        sections={[{ key: 'groups', label: null, options: choices }]}
        optionKey={(option) => String(option.id)}
        renderOption={(option) => (
          <span className="tf-option-text">
            <span>{option.name}</span>
            <span className="muted">{option.fullPath}</span>
          </span>
        )}
        selectedKey={String(group.id)}
        status={status}
        onOpenChange={setDropdownOpen}
        onSelect={setGroup}
        disabled={submitting}
        testId="create-epic-group"
      />
    </CreateFormLayout>
  );
}

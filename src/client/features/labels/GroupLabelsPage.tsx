/**
 * `/groups/:path/-/labels`: the group's labels (GitLab's labels page). Everyone who reads the group
 * sees them, with the labels it inherits from parent groups; Reporters and up add, edit and delete
 * the group's own, through GitLab's group labels API.
 */
import { useState } from 'react';
import { groupLabelsPath } from '../../../core/domain/webPaths.ts';
import type { PageMountOf } from '../../../core/pages/pageMount.ts';
import { groupCrumbs, PageHeader } from '../../components/navigation/index.ts';
import {
  deleteGroupLabel,
  type LabelFields,
  type ManagedLabel,
  saveGroupLabel,
  useGroupLabelsList,
  usePageSettled,
} from '../../data/index.ts';
import { useWrites } from '../../lib/index.ts';
import { Alert, Button, Dialog, LabelChip, Loading, useDocumentTitle } from '../../ui/index.ts';
import { LabelForm } from './LabelForm.tsx';
import { LABELS_TEXT } from './labelsTexts.ts';

export type GroupLabelsPageProps = PageMountOf<'group-labels'>;

type Editing = { readonly label?: ManagedLabel };

export function GroupLabelsPage({ fullPath, groupId, groupName, canAdminLabels }: GroupLabelsPageProps) {
  const [search, setSearch] = useState('');
  const labels = useGroupLabelsList(groupId, search.trim());
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<ManagedLabel | null>(null);
  const { busy, error, notice, run } = useWrites(labels.reload);
  useDocumentTitle(LABELS_TEXT.pageTitle, groupName);
  usePageSettled(!labels.loading && !busy);

  const save = async (fields: LabelFields) => {
    const label = editing?.label;
    const done = await run(async () => {
      const saved = await saveGroupLabel(groupId, fields, label?.id);
      return label ? LABELS_TEXT.saved(saved.title) : LABELS_TEXT.created(saved.title);
    });
    if (done) setEditing(null);
  };
  const remove = async (label: ManagedLabel) => {
    setDeleting(null);
    await run(async () => {
      await deleteGroupLabel(groupId, label.id);
      return LABELS_TEXT.deleted(label.title);
    });
  };

  const row = (label: ManagedLabel, manageable: boolean) => (
    <li key={label.id} className="labels-page-row" data-testid="label-row">
      <div className="labels-page-row-main">
        <LabelChip title={label.title} color={label.color} textColor={label.textColor} />
        {label.description ? (
          <span className="muted labels-page-row-description">{label.description}</span>
        ) : null}
      </div>
      {manageable ? (
        <div className="labels-page-row-actions">
          <Button onClick={() => setEditing({ label })} aria-label={`${LABELS_TEXT.edit} ${label.title}`}>
            {LABELS_TEXT.edit}
          </Button>
          <Button
            variant="danger"
            onClick={() => setDeleting(label)}
            aria-label={`${LABELS_TEXT.delete} ${label.title}`}
          >
            {LABELS_TEXT.delete}
          </Button>
        </div>
      ) : null}
    </li>
  );

  return (
    <>
      <PageHeader
        crumbs={[
          ...groupCrumbs(fullPath, null, groupName),
          { label: LABELS_TEXT.pageTitle, href: groupLabelsPath(fullPath) },
        ]}
        title={LABELS_TEXT.pageTitle}
        actions={
          canAdminLabels && !editing ? (
            <Button variant="confirm" onClick={() => setEditing({})} data-testid="new-label">
              {LABELS_TEXT.newLabel}
            </Button>
          ) : null
        }
      >
        <p className="page-description">{LABELS_TEXT.intro}</p>
      </PageHeader>
      {error ? (
        <Alert variant="danger" testId="labels-error">
          {error}
        </Alert>
      ) : null}
      {notice ? (
        <p className="muted" role="status" data-testid="labels-notice">
          {notice}
        </p>
      ) : null}
      {editing ? (
        <LabelForm
          key={editing.label?.id ?? 'new'}
          initial={
            editing.label
              ? {
                  title: editing.label.title,
                  color: editing.label.color,
                  description: editing.label.description,
                }
              : { title: '', color: '#6699cc', description: '' }
          }
          isNew={!editing.label}
          saving={busy}
          onSave={(fields) => void save(fields)}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      <input
        type="search"
        className="input labels-filter"
        placeholder={LABELS_TEXT.search}
        aria-label={LABELS_TEXT.search}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        data-testid="labels-filter"
      />
      {labels.failed ? <Alert variant="danger">{LABELS_TEXT.loadFailed}</Alert> : null}
      {labels.loading && labels.own.length === 0 ? <Loading label="Loading labels" /> : null}
      <section aria-labelledby="labels-own" className="labels-section">
        <h2 id="labels-own">{LABELS_TEXT.own}</h2>
        {!labels.loading && labels.own.length === 0 ? (
          <p className="muted">{search ? LABELS_TEXT.noneFound : LABELS_TEXT.none}</p>
        ) : null}
        <ul className="labels-page-list" aria-label={LABELS_TEXT.own} data-testid="labels-own">
          {labels.own.map((label) => row(label, canAdminLabels))}
        </ul>
      </section>
      {labels.inherited.length > 0 ? (
        <section aria-labelledby="labels-inherited" className="labels-section">
          <h2 id="labels-inherited">{LABELS_TEXT.inherited}</h2>
          <p className="muted">{LABELS_TEXT.inheritedHelp}</p>
          <ul className="labels-page-list" aria-label={LABELS_TEXT.inherited} data-testid="labels-inherited">
            {labels.inherited.map((label) => row(label, false))}
          </ul>
        </section>
      ) : null}
      <Dialog
        open={deleting !== null}
        title={deleting ? LABELS_TEXT.deleteTitle(deleting.title) : ''}
        onClose={() => setDeleting(null)}
        testId="delete-label-dialog"
      >
        <p>{LABELS_TEXT.deleteBody}</p>
        <div className="dialog-actions">
          <Button onClick={() => setDeleting(null)}>{LABELS_TEXT.cancel}</Button>
          <Button
            variant="danger"
            onClick={() => deleting && void remove(deleting)}
            data-testid="delete-label-confirm"
          >
            {LABELS_TEXT.delete}
          </Button>
        </div>
      </Dialog>
    </>
  );
}

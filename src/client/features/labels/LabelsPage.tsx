/**
 * GitLab's labels page, for a group (`/groups/:path/-/labels`) or a project (`/:project/-/labels`).
 * Everyone who reads the place sees its labels and those it inherits from parent groups, each
 * linking to the issues that carry it; signed-in viewers subscribe to them; Reporters and up add,
 * edit and delete the place's own and, on a project, order its prioritized labels.
 */
import { useState } from 'react';
import { groupLabelsPath, labelIssuesPath, projectLabelsPath } from '../../../core/domain/webPaths.ts';
import { groupCrumbs, PageHeader, projectCrumbs } from '../../components/navigation/index.ts';
import {
  deleteLabel,
  type LabelFields,
  type LabelOwnerRef,
  type ManagedLabel,
  removeLabelPriority,
  saveLabel,
  setLabelPriorities,
  setLabelSubscribed,
  useLabelsList,
  usePageSettled,
} from '../../data/index.ts';
import { useWrites } from '../../lib/index.ts';
import { Alert, Button, Dialog, Loading, useDocumentTitle } from '../../ui/index.ts';
import { LabelForm } from './LabelForm.tsx';
import { LabelList, type LabelListProps } from './LabelList.tsx';
import { LABELS_TEXT } from './labelsTexts.ts';
import { byPriority } from './priorityOrder.ts';

export interface LabelsPageProps {
  readonly kind: 'group' | 'project';
  /** The group's or project's id, for the labels API. */
  readonly ownerId: string;
  readonly fullPath: string;
  readonly name: string;
  /** The project's group (a project's page marks and links its groups' labels); the group itself. */
  readonly groupFullPath: string;
  readonly canAdminLabels: boolean;
  readonly signedIn: boolean;
}

type Editing = { readonly label?: ManagedLabel };

export function LabelsPage(props: LabelsPageProps) {
  const { kind, ownerId, fullPath, name, groupFullPath, canAdminLabels, signedIn } = props;
  const owner: LabelOwnerRef = { kind, id: ownerId };
  const [search, setSearch] = useState('');
  const labels = useLabelsList(owner, search.trim());
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<ManagedLabel | null>(null);
  // The order a drag or a move just asked for, shown until the labels it was made on are read again.
  const [pending, setPending] = useState<{
    readonly order: readonly number[];
    readonly basis: readonly ManagedLabel[];
  } | null>(null);
  const { busy, error, notice, run } = useWrites(labels.reload);
  useDocumentTitle(LABELS_TEXT.pageTitle, name);
  usePageSettled(!labels.loading && !busy);
  const pendingOrder = pending && pending.basis === labels.own ? pending.order : null;

  const all = [...labels.own, ...labels.inherited];
  const prioritizing = kind === 'project';
  const prioritized = prioritizing ? orderedPrioritized(all, pendingOrder) : [];
  const prioritizedIds = prioritized.map((label) => label.id);
  const others = prioritizing
    ? all.filter((label) => !prioritizedIds.includes(label.id)).sort((a, b) => a.title.localeCompare(b.title))
    : labels.own;

  const save = async (fields: LabelFields) => {
    const label = editing?.label;
    const done = await run(async () => {
      const saved = await saveLabel(owner, fields, label?.id);
      return label ? LABELS_TEXT.saved(saved.title) : LABELS_TEXT.created(saved.title);
    });
    if (done) setEditing(null);
  };
  const remove = async (label: ManagedLabel) => {
    setDeleting(null);
    await run(async () => {
      await deleteLabel(owner, label.id);
      return LABELS_TEXT.deleted(label.title);
    });
  };
  const reorder = async (order: readonly number[], message: string) => {
    setPending({ order, basis: labels.own });
    const done = await run(async () => {
      await setLabelPriorities(fullPath, order);
      return message;
    });
    if (!done) setPending(null);
  };
  const unprioritize = (label: ManagedLabel) =>
    run(async () => {
      await removeLabelPriority(fullPath, label.id);
      return LABELS_TEXT.unprioritizedNotice(label.title);
    });
  const toggleSubscription = (label: ManagedLabel) =>
    run(async () => {
      await setLabelSubscribed(owner, label.id, !label.subscribed);
      return label.subscribed ? LABELS_TEXT.unsubscribed(label.title) : LABELS_TEXT.subscribed(label.title);
    });

  const listProps: Omit<LabelListProps, 'labels' | 'testId' | 'title'> = {
    busy,
    issuesHref: (label) => labelIssuesPath(kind, fullPath, label.title),
    groupLabelHref: (label) =>
      kind === 'project' && !label.isProjectLabel ? groupLabelsPath(groupFullPath) : undefined,
    canManage: (label) => canAdminLabels && (kind === 'group' || label.isProjectLabel),
    onEdit: (label) => setEditing({ label }),
    onDelete: setDeleting,
    onToggleSubscription: signedIn ? (label) => void toggleSubscription(label) : undefined,
    priorities:
      prioritizing && canAdminLabels
        ? {
            order: prioritizedIds,
            onReorder: (order, moved) =>
              void reorder(
                order,
                prioritizedIds.includes(moved.id)
                  ? LABELS_TEXT.reordered
                  : LABELS_TEXT.prioritizedNotice(moved.title),
              ),
            onUnprioritize: (label) => void unprioritize(label),
            labelOf: (id) => all.find((label) => label.id === id),
          }
        : undefined,
  };

  return (
    <>
      <PageHeader
        crumbs={[
          ...(kind === 'group' ? groupCrumbs(fullPath, null, name) : projectCrumbs(fullPath, name)),
          {
            label: LABELS_TEXT.pageTitle,
            href: kind === 'group' ? groupLabelsPath(fullPath) : projectLabelsPath(fullPath),
          },
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
        <p className="page-description">
          {kind === 'group'
            ? LABELS_TEXT.intro
            : canAdminLabels
              ? LABELS_TEXT.projectAdminIntro
              : LABELS_TEXT.projectIntro}
        </p>
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
      {labels.loading && all.length === 0 ? <Loading label="Loading labels" /> : null}
      {prioritizing && (canAdminLabels || prioritized.length > 0) ? (
        <LabelList
          {...listProps}
          title={LABELS_TEXT.prioritized}
          labels={prioritized}
          testId="labels-prioritized"
          empty={LABELS_TEXT.prioritizedEmpty}
          prioritizedList
        />
      ) : null}
      <LabelList
        {...listProps}
        title={kind === 'group' ? LABELS_TEXT.own : LABELS_TEXT.other}
        labels={others}
        testId={kind === 'group' ? 'labels-own' : 'labels-other'}
        empty={
          labels.loading
            ? undefined
            : search
              ? LABELS_TEXT.noneFound
              : all.length
                ? undefined
                : LABELS_TEXT.none
        }
      />
      {kind === 'group' && labels.inherited.length > 0 ? (
        <LabelList
          {...listProps}
          title={LABELS_TEXT.inherited}
          help={LABELS_TEXT.inheritedHelp}
          labels={labels.inherited}
          testId="labels-inherited"
          canManage={() => false}
        />
      ) : null}
      <Dialog
        open={deleting !== null}
        title={deleting ? LABELS_TEXT.deleteTitle(deleting.title) : ''}
        onClose={() => setDeleting(null)}
        testId="delete-label-dialog"
      >
        <p>{kind === 'group' ? LABELS_TEXT.deleteBody : LABELS_TEXT.deleteProjectBody}</p>
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

/** The prioritized labels by priority, or in the order just asked for while it is being saved. */
function orderedPrioritized(all: readonly ManagedLabel[], pending: readonly number[] | null): ManagedLabel[] {
  if (!pending) return byPriority(all);
  const byId = new Map(all.map((label) => [label.id, label]));
  return pending.flatMap((id) => {
    const label = byId.get(id);
    return label ? [label] : [];
  });
}

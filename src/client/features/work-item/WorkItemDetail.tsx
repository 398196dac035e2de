import { useMemo, useState } from 'react';
import {
  issueWebPath,
  projectMarkdownPreviewPath,
  projectUploadsPath,
} from '../../../core/domain/webPaths.ts';
import { ConfidentialBadge, MarkdownUploadsContext } from '../../components/issuable/index.ts';
import {
  previewMarkdown,
  type SidebarWriteResult,
  useWorkItemViewWrites,
  type WorkItemChange,
  type WorkItemView,
} from '../../data/index.ts';
import { Alert, Button, Icon } from '../../ui/index.ts';
import { TasksBanner } from './TasksBanner.tsx';
import { WorkItemActions } from './WorkItemActions.tsx';
import { WorkItemAttributes, type WorkItemFlags } from './WorkItemAttributes.tsx';
import { WorkItemDeleteDialog } from './WorkItemDeleteDialog.tsx';
import { WorkItemDescription } from './WorkItemDescription.tsx';
import { WorkItemTitle } from './WorkItemTitle.tsx';
import { WORK_ITEM_TEXT, workItemTypeTexts } from './workItemTexts.ts';

export interface WorkItemDetailProps {
  item: WorkItemView;
  refetch: () => Promise<WorkItemView | null>;
  flags: WorkItemFlags;
  /** In the modal: its close button, and the id its title labels it with. */
  modal?: { readonly onClose: () => void; readonly titleId: string } | undefined;
  /** After a successful delete. */
  onDeleted: () => void;
}

/**
 * The work item detail view (spec 2.4), embedded in its page or in the modal: parent link, type,
 * confidential badge, actions menu, close (modal only), the tasks banner, then title, state,
 * assignees, labels, weight and description.
 */
export function WorkItemDetail({ item, refetch, flags, modal, onDeleted }: WorkItemDetailProps) {
  const writes = useWorkItemViewWrites(item.id);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const canUpdate = item.permissions.updateWorkItem;
  const projectPath = item.projectFullPath ?? '';
  const preview = useMemo(() => {
    const path = projectMarkdownPreviewPath(projectPath);
    return (text: string, signal: AbortSignal) => previewMarkdown(path, text, signal);
  }, [projectPath]);

  /** An update whose failure shows above the fields (the blocks show their own too). */
  const update = async (change: WorkItemChange): Promise<SidebarWriteResult> => {
    setError(null);
    const result = await writes.update(change);
    if (!result.ok) setError(result.error ?? workItemTypeTexts(item.type.name).updateFailed);
    return result;
  };

  return (
    // The item's files go to its project, wherever the item is shown (its page, or a modal on an epic).
    <MarkdownUploadsContext.Provider value={projectPath ? projectUploadsPath(projectPath) : null}>
      <article className="work-item-detail" data-testid="work-item-detail">
        <div className="work-item-header">
          <div className="work-item-header-meta">
            {item.parent && projectPath ? (
              <span className="work-item-parent-crumb">
                <a
                  className="work-item-parent"
                  href={issueWebPath(projectPath, item.parent.iid)}
                  data-testid="work-item-parent"
                >
                  {item.parent.confidential ? (
                    <>
                      <Icon name="eyeSlash" />
                      <span className="sr-only">{WORK_ITEM_TEXT.confidential}</span>
                    </>
                  ) : null}
                  {item.parent.title}
                </a>
                <span aria-hidden="true" className="muted">
                  /
                </span>
              </span>
            ) : null}
            <span className="work-item-type" data-testid="work-item-type">
              <Icon
                name={
                  item.type.name === 'Task' ? 'task' : item.type.name === 'Incident' ? 'incident' : 'issues'
                }
              />
              {item.type.name}
            </span>
            {item.confidential ? <ConfidentialBadge /> : null}
          </div>
          <div className="work-item-header-actions">
            <WorkItemActions
              item={item}
              onToggleConfidential={() => void update({ confidential: !item.confidential })}
              onDelete={() => setDeleting(true)}
            />
            {modal ? (
              <Button
                variant="tertiary"
                icon="close"
                iconOnly
                aria-label={WORK_ITEM_TEXT.close}
                onClick={modal.onClose}
                data-testid="work-item-close"
              />
            ) : null}
          </div>
        </div>
        {item.type.name === 'Task' ? <TasksBanner /> : null}
        {error ? (
          <Alert variant="danger" testId="work-item-error">
            <div className="work-item-error">
              <span>{error}</span>
              <Button
                variant="tertiary"
                icon="close"
                iconOnly
                aria-label={WORK_ITEM_TEXT.dismissBanner}
                onClick={() => setError(null)}
              />
            </div>
          </Alert>
        ) : null}
        <WorkItemTitle
          title={item.title}
          canUpdate={canUpdate}
          titleId={modal?.titleId}
          onSave={(title) => void update({ title })}
        />
        <div className="work-item-state">
          <label htmlFor={`${item.id}-state`} className="work-item-field-title">
            {WORK_ITEM_TEXT.status}
          </label>
          <select
            id={`${item.id}-state`}
            className="select work-item-state-select"
            value={item.state}
            disabled={!canUpdate || writes.updating}
            onChange={(event) =>
              void update({ stateEvent: event.target.value === 'CLOSED' ? 'CLOSE' : 'REOPEN' })
            }
            data-testid="work-item-state"
          >
            <option value="OPEN">{WORK_ITEM_TEXT.open}</option>
            <option value="CLOSED">{WORK_ITEM_TEXT.closed}</option>
          </select>
        </div>
        <WorkItemAttributes item={item} flags={flags} update={writes.update} />
        <WorkItemDescription
          item={item}
          canUpdate={canUpdate}
          previewMarkdown={preview}
          refetch={refetch}
          save={(description) => writes.update({ descriptionWidget: { description } })}
        />
        <WorkItemDeleteDialog
          typeName={item.type.name}
          open={deleting}
          deleting={writes.deleting}
          onCancel={() => setDeleting(false)}
          remove={() => writes.remove(item.parent ? { parentId: item.parent.id, iid: item.iid } : null)}
          onDeleted={() => {
            setDeleting(false);
            onDeleted();
          }}
        />
      </article>
    </MarkdownUploadsContext.Provider>
  );
}

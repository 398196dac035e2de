import { useState, useTransition } from 'react';
import { sourceLine, toggleTask } from '../../../core/domain/taskListSource.ts';
import { IssuableDescription, MarkdownField } from '../../components/issuable/index.ts';
import type { SidebarWriteResult, WorkItemView } from '../../data/index.ts';
import { Alert, Button } from '../../ui/index.ts';
import { WORK_ITEM_TEXT, workItemTypeTexts } from './workItemTexts.ts';

/**
 * The description: view, then edit (the pencil, with the update permission), then saved or
 * cancelled (spec, "Description edit"). A save first reads the item again: when someone saved it
 * since the editor opened (its lock version moved), the new description shows and the draft is
 * not sent, with the spec's concurrent-edit message. Its task-list boxes tick in place for the
 * same people: the tick is applied to the description as just read again, and refused with the
 * same message when that line changed meanwhile.
 */
export function WorkItemDescription({
  item,
  canUpdate,
  previewMarkdown,
  refetch,
  save,
}: {
  item: WorkItemView;
  canUpdate: boolean;
  previewMarkdown: (text: string, signal: AbortSignal) => Promise<string>;
  refetch: () => Promise<WorkItemView | null>;
  save: (description: string) => Promise<SidebarWriteResult>;
}) {
  const [editing, setEditing] = useState<{ draft: string; lockVersion: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, startSaving] = useTransition();
  const [updatingTasks, setUpdatingTasks] = useState(false);
  const texts = workItemTypeTexts(item.type.name);

  const toggle = (lineNumber: number, checked: boolean) => {
    const lineSource = sourceLine(item.description, lineNumber);
    if (lineSource === null) return;
    setError(null);
    setUpdatingTasks(true);
    startSaving(async () => {
      const current = await refetch().catch((failure: unknown) => {
        console.error(failure);
        return null;
      });
      const description = current && toggleTask(current.description, { lineNumber, checked, lineSource });
      if (!description) setError(texts.editConflict);
      else {
        const result = await save(description);
        if (!result.ok) setError(result.error ?? texts.updateFailed);
      }
      setUpdatingTasks(false);
    });
  };

  const submit = (draft: string, lockVersion: number) => {
    setError(null);
    startSaving(async () => {
      const current = await refetch().catch((failure: unknown) => {
        console.error(failure);
        return null;
      });
      if (current && current.lockVersion !== lockVersion) {
        setEditing(null);
        setError(texts.editConflict);
        return;
      }
      const result = await save(draft);
      if (result.ok) setEditing(null);
      else setError(result.error ?? texts.updateFailed);
    });
  };

  return (
    <section className="work-item-description" aria-labelledby="work-item-description-heading">
      <div className="work-item-field-header">
        <h3 id="work-item-description-heading" className="work-item-field-title">
          {WORK_ITEM_TEXT.description}
        </h3>
        {canUpdate && !editing ? (
          <Button
            variant="tertiary"
            icon="pencil"
            iconOnly
            aria-label={WORK_ITEM_TEXT.editDescription}
            onClick={() => {
              setError(null);
              setEditing({ draft: item.description, lockVersion: item.lockVersion });
            }}
            data-testid="work-item-description-edit"
          />
        ) : null}
      </div>
      {error ? (
        <Alert variant="danger" testId="work-item-description-error">
          {error}
        </Alert>
      ) : null}
      {editing ? (
        <form
          className="work-item-description-form"
          onSubmit={(event) => {
            event.preventDefault();
            submit(editing.draft, editing.lockVersion);
          }}
        >
          <MarkdownField
            value={editing.draft}
            onChange={(draft) => setEditing({ ...editing, draft })}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
                event.preventDefault();
                submit(editing.draft, editing.lockVersion);
              }
            }}
            previewMarkdown={previewMarkdown}
            disabled={saving}
            rows={8}
            testId="work-item-description-input"
            tabsTestId="work-item-markdown"
          />
          <div className="work-item-form-actions">
            <Button
              type="submit"
              variant="confirm"
              disabled={saving}
              aria-busy={saving}
              data-testid="work-item-description-save"
            >
              {WORK_ITEM_TEXT.save}
            </Button>
            <Button onClick={() => setEditing(null)} disabled={saving}>
              {WORK_ITEM_TEXT.cancel}
            </Button>
          </div>
        </form>
      ) : item.descriptionHtml ? (
        <IssuableDescription
          html={item.descriptionHtml}
          canUpdate={canUpdate}
          updatingTasks={updatingTasks || saving}
          onToggleTask={toggle}
        />
      ) : (
        <p className="muted" data-testid="work-item-description-none">
          {WORK_ITEM_TEXT.noDescription}
        </p>
      )}
    </section>
  );
}

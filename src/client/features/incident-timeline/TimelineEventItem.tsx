import { useState } from 'react';
import { utcTimeOf } from '../../../core/domain/incidentTimeline.ts';
import type { IncidentTimelineState, TimelineEventView } from '../../data/index.ts';
import { Alert, Badge, Button, Dialog, Icon, MenuButton, type MenuItem } from '../../ui/index.ts';
import { TimelineEventForm } from './TimelineEventForm.tsx';
import { failureText, TIMELINE_TEXT } from './timelineTexts.ts';

/**
 * One event: its time in UTC, its text as the server rendered it, and who wrote it; for those who
 * may write the timeline, a "More actions" menu to edit it in place (events people wrote) or delete
 * it after a confirmation.
 */
export function TimelineEventItem({
  event,
  canAdmin,
  timeline,
}: {
  readonly event: TimelineEventView;
  readonly canAdmin: boolean;
  readonly timeline: IncidentTimelineState;
}) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  const anchor = `timeline_event_${event.id.split('/').pop()}`;

  if (editing) {
    return (
      <li className="timeline-event timeline-event-editing" id={anchor}>
        <TimelineEventForm
          initial={{ occurredAt: event.occurredAt, note: event.note, tags: event.tags }}
          showSaveAndAdd={false}
          failureText={failureText(TIMELINE_TEXT.editError, TIMELINE_TEXT.editErrorGeneric)}
          onCancel={() => setEditing(false)}
          onSave={async (changes) => {
            const answer = await timeline.update(event.id, changes);
            if (answer.ok) setEditing(false);
            return answer;
          }}
        />
      </li>
    );
  }

  const actions: MenuItem[] = [
    ...(event.editable
      ? [
          {
            key: 'edit',
            label: TIMELINE_TEXT.edit,
            testId: 'timeline-event-edit',
            onSelect: () => setEditing(true),
          },
        ]
      : []),
    {
      key: 'delete',
      label: TIMELINE_TEXT.delete,
      testId: 'timeline-event-delete',
      onSelect: () => setDeleting(true),
    },
  ];

  return (
    <li className="timeline-event" id={anchor} data-testid="timeline-event">
      <span className="timeline-event-icon" aria-hidden="true">
        <Icon name="comment" />
      </span>
      <div className="timeline-event-body">
        <div className="timeline-event-heading">
          <h3 className="timeline-event-time" data-testid="timeline-event-time">
            {TIMELINE_TEXT.timeUtc(utcTimeOf(event.occurredAt))}
          </h3>
          {event.tags.map((tag) => (
            <Badge key={tag} variant="muted" icon="label" testId="timeline-event-tag">
              {tag}
            </Badge>
          ))}
        </div>
        <div
          className="md timeline-event-note"
          data-testid="timeline-event-note"
          // Rendered and sanitised by the server's markdown renderer (an allowlist).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised markdown HTML
          dangerouslySetInnerHTML={{ __html: event.noteHtml }}
        />
        {event.author ? (
          <p className="muted timeline-event-author">
            {TIMELINE_TEXT.by} <span title={`@${event.author.username}`}>{event.author.name}</span>
          </p>
        ) : null}
        {deleteFailure ? (
          <Alert variant="danger" testId="timeline-delete-error">
            {deleteFailure}
          </Alert>
        ) : null}
      </div>
      {canAdmin ? (
        <MenuButton
          label={TIMELINE_TEXT.moreActions}
          icon="ellipsisV"
          items={actions}
          className="timeline-event-actions"
          testId="timeline-event-actions"
        />
      ) : null}
      <Dialog
        open={deleting}
        title={TIMELINE_TEXT.deleteTitle}
        onClose={() => setDeleting(false)}
        testId="timeline-delete-dialog"
      >
        <p>{TIMELINE_TEXT.deleteModal}</p>
        <div className="dialog-actions">
          <Button onClick={() => setDeleting(false)}>{TIMELINE_TEXT.cancel}</Button>
          <Button
            variant="danger"
            disabled={busy}
            aria-busy={busy}
            onClick={async () => {
              setBusy(true);
              const answer = await timeline.destroy(event.id);
              setBusy(false);
              setDeleting(false);
              setDeleteFailure(
                answer.ok
                  ? null
                  : failureText(TIMELINE_TEXT.deleteError, TIMELINE_TEXT.deleteErrorGeneric)(answer.error),
              );
            }}
            data-testid="timeline-delete-confirm"
          >
            {TIMELINE_TEXT.deleteButton}
          </Button>
        </div>
      </Dialog>
    </li>
  );
}

import { useState } from 'react';
import { groupByUtcDay } from '../../../core/domain/incidentTimeline.ts';
import { useIncidentTimeline } from '../../data/index.ts';
import { Alert, Button, Loading } from '../../ui/index.ts';
import { TimelineEventForm } from './TimelineEventForm.tsx';
import { TimelineEventItem } from './TimelineEventItem.tsx';
import { failureText, TIMELINE_TEXT } from './timelineTexts.ts';

export interface TimelineTabProps {
  readonly fullPath: string;
  readonly iid: string;
  /** The incident's global id (gid://gitlab/Issue/…). */
  readonly incidentId: string;
}

/**
 * GitLab's Timeline tab of an incident: the events grouped by the UTC day they happened, each with
 * its time, text and author, and for Developers and up the form to add events and each event's
 * actions.
 */
export function TimelineTab({ fullPath, iid, incidentId }: TimelineTabProps) {
  const timeline = useIncidentTimeline(fullPath, iid, incidentId);
  const [adding, setAdding] = useState(false);
  const { data, loading, error } = timeline;

  if (data === undefined) {
    return error ? (
      <Alert variant="danger">{TIMELINE_TEXT.loadFailed}</Alert>
    ) : loading ? (
      <Loading label={TIMELINE_TEXT.loading} />
    ) : null;
  }
  if (data === null) return <Alert variant="danger">{TIMELINE_TEXT.loadFailed}</Alert>;

  const groups = groupByUtcDay(data.events);
  return (
    <section className="incident-timeline" aria-label={TIMELINE_TEXT.title} data-testid="incident-timeline">
      {groups.length === 0 && !adding ? (
        <p className="muted" data-testid="timeline-empty">
          {TIMELINE_TEXT.empty}
        </p>
      ) : null}
      {groups.map((group) => (
        <div key={group.day} className="timeline-day">
          <h2 className="timeline-day-heading" data-testid="timeline-day">
            {group.day}
          </h2>
          <ul className="timeline-events">
            {group.events.map((event) => (
              <TimelineEventItem key={event.id} event={event} canAdmin={data.canAdmin} timeline={timeline} />
            ))}
          </ul>
        </div>
      ))}
      {data.canAdmin ? (
        adding ? (
          <TimelineEventForm
            showSaveAndAdd
            failureText={failureText(TIMELINE_TEXT.createError, TIMELINE_TEXT.createErrorGeneric)}
            onCancel={() => setAdding(false)}
            onSave={async (changes, addAnother) => {
              const answer = await timeline.create(changes);
              if (answer.ok && !addAnother) setAdding(false);
              return answer;
            }}
          />
        ) : (
          <Button variant="default" onClick={() => setAdding(true)} data-testid="timeline-add">
            {TIMELINE_TEXT.addEvent}
          </Button>
        )
      ) : null}
    </section>
  );
}

import { Detail, DetailList, formatCalendarDate, None } from '../../components/issuable/index.ts';
import type { CalendarDate, MilestoneDetail } from '../../data/index.ts';
import { MilestoneProgress } from './MilestoneProgress.tsx';
import { MILESTONE_TEXTS } from './milestoneTexts.ts';

function DateValue({
  date,
  none,
  status,
}: {
  date: CalendarDate | null;
  none: string;
  status: string | null;
}) {
  return (
    <>
      {date ? formatCalendarDate(date) : <span className="muted">{none}</span>}
      {status ? <span className="milestone-date-status"> ({status})</span> : null}
    </>
  );
}

/**
 * The sidebar: progress, the two dates and the issue counts. `status` is GitLab's remaining-days
 * wording; it goes with the due date, or with the start date when there is no due date.
 */
export function MilestoneDetails({
  milestone,
  status,
}: {
  milestone: MilestoneDetail;
  status: string | null;
}) {
  const { stats } = milestone;
  return (
    <DetailList title={MILESTONE_TEXTS.details}>
      <Detail term={MILESTONE_TEXTS.progress} testId="milestone-progress-detail">
        {stats ? <MilestoneProgress closed={stats.closed} total={stats.total} /> : <None />}
      </Detail>
      <Detail term={MILESTONE_TEXTS.startDate} testId="milestone-start-date">
        <DateValue
          date={milestone.startDate}
          none={MILESTONE_TEXTS.noStartDate}
          status={milestone.dueDate ? null : status}
        />
      </Detail>
      <Detail term={MILESTONE_TEXTS.dueDate} testId="milestone-due-date">
        <DateValue
          date={milestone.dueDate}
          none={MILESTONE_TEXTS.noDueDate}
          status={milestone.dueDate ? status : null}
        />
      </Detail>
      <Detail term={MILESTONE_TEXTS.issues} testId="milestone-issue-counts">
        {stats ? (
          <span className="milestone-counts">
            <span>
              {MILESTONE_TEXTS.open}: <strong>{stats.total - stats.closed}</strong>
            </span>
            <span>
              {MILESTONE_TEXTS.closed}: <strong>{stats.closed}</strong>
            </span>
          </span>
        ) : (
          <None />
        )}
      </Detail>
    </DetailList>
  );
}

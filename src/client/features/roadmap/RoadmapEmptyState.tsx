import type { CalendarDate } from '../../../core/time/calendarDate.ts';
import { useLocationSearch } from '../../state/index.ts';
import { EmptyState } from '../../ui/index.ts';
import type { RoadmapPageProps } from './RoadmapPage.tsx';
import { newEpicHref } from './roadmapLinks.ts';
import { emptyStateTexts, ROADMAP_TEXT } from './roadmapTexts.ts';

/** Spec §2.2: title, sub-message, 'New epic' (with permission and no filters) and 'View epics list'. */
export function RoadmapEmptyState({
  page,
  filtered,
  singleEpicIid,
  timeframeStart,
  timeframeEnd,
}: {
  page: RoadmapPageProps;
  filtered: boolean;
  singleEpicIid: boolean;
  timeframeStart: CalendarDate;
  timeframeEnd: CalendarDate;
}) {
  const [search] = useLocationSearch();
  const { title, description } = emptyStateTexts({
    hasFiltersApplied: filtered,
    childEpics: false,
    singleEpicIid,
    timeframeStart,
    timeframeEnd,
  });
  return (
    <EmptyState title={title} description={description} testId="roadmap-empty-state">
      <div className="empty-state-actions">
        {page.canCreateEpic && !filtered ? (
          <a
            className="btn btn-confirm"
            href={newEpicHref(page.newEpicPath, search)}
            data-testid="roadmap-new-epic"
          >
            {ROADMAP_TEXT.newEpic}
          </a>
        ) : null}
        <a className="btn btn-default" href={page.listEpicsPath} data-testid="roadmap-view-epics-list">
          {ROADMAP_TEXT.viewEpicsList}
        </a>
      </div>
    </EmptyState>
  );
}

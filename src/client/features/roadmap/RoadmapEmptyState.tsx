import type { CalendarDate } from '../../../core/time/calendarDate.ts';
import { useLocationSearch } from '../../state/index.ts';
import { EmptyState } from '../../ui/index.ts';
import { newEpicHref } from './roadmapLinks.ts';
import type { RoadmapScope } from './roadmapScope.ts';
import { emptyStateTexts, ROADMAP_TEXT, splitAtPhrase } from './roadmapTexts.ts';

/** Spec: title, sub-message, 'New epic' (with permission and no filters) and 'View epics list'. */
export function RoadmapEmptyState({
  scope,
  filtered,
  singleEpicIid,
  timeframeStart,
  timeframeEnd,
}: {
  scope: RoadmapScope;
  filtered: boolean;
  singleEpicIid: boolean;
  timeframeStart: CalendarDate;
  timeframeEnd: CalendarDate;
}) {
  const [search] = useLocationSearch();
  const childEpics = scope.childEpics === true;
  const { title, description } = emptyStateTexts({
    hasFiltersApplied: filtered,
    childEpics,
    singleEpicIid,
    timeframeStart,
    timeframeEnd,
  });
  // Spec: the child-epics message comes "with a docs link", on its words 'child epics'.
  const linked = childEpics ? splitAtPhrase(description, ROADMAP_TEXT.emptyChildEpicsLink) : null;
  return (
    <EmptyState title={title} description={linked ? undefined : description} testId="roadmap-empty-state">
      {linked ? (
        <p className="empty-state-description">
          {linked.before}
          <a href={scope.epicsDocsPath} data-testid="roadmap-empty-docs-link">
            {linked.phrase}
          </a>
          {linked.after}
        </p>
      ) : null}
      <div className="empty-state-actions">
        {scope.canCreateEpic && !filtered ? (
          <a
            className="btn btn-confirm"
            href={newEpicHref(scope.newEpicPath, search)}
            data-testid="roadmap-new-epic"
          >
            {ROADMAP_TEXT.newEpic}
          </a>
        ) : null}
        <a className="btn btn-default" href={scope.listEpicsPath} data-testid="roadmap-view-epics-list">
          {ROADMAP_TEXT.viewEpicsList}
        </a>
      </div>
    </EmptyState>
  );
}

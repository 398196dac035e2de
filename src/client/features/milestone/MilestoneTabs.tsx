/**
 * The milestone page's tabs (GitLab's Issues, Labels and Participants, with counts). The chosen tab
 * is the URL's `tab` (so a copied link opens it); the Issues tab shows GitLab's three columns.
 */
import type { MilestoneDetail, MilestoneIssueColumns } from '../../data/index.ts';
import { Loading, type TabItem, Tabs } from '../../ui/index.ts';
import { MilestoneIssueColumnsView } from './MilestoneIssueColumns.tsx';
import { MilestoneLabelsTab, MilestoneParticipantsTab } from './MilestoneLabelsAndPeople.tsx';
import { MILESTONE_TEXTS } from './milestoneTexts.ts';

export type MilestoneTab = 'issues' | 'labels' | 'participants';

/** The tab a query string asks for; Issues when it names none or another. */
export function milestoneTabOf(search: string): MilestoneTab {
  const tab = new URLSearchParams(search).get('tab');
  return tab === 'labels' || tab === 'participants' ? tab : 'issues';
}

/** The query string with `name` set to `value` (or removed for null), the rest kept. */
export function withParam(search: string, name: string, value: string | null): string {
  const params = new URLSearchParams(search);
  if (value === null) params.delete(name);
  else params.set(name, value);
  return params.toString();
}

const PANEL_ID = 'milestone-tab-panel';

export function MilestoneTabs({
  milestone,
  columns,
  search,
  onNavigate,
}: {
  milestone: MilestoneDetail;
  /** Undefined while loading; null when the server did not answer them. */
  columns: MilestoneIssueColumns | null | undefined;
  search: string;
  onNavigate: (search: string) => void;
}) {
  const tab = milestoneTabOf(search);
  const issueCount = milestone.stats?.total ?? null;
  const item = (id: MilestoneTab, label: string, count: number | null): TabItem => ({
    id,
    label,
    count,
    search: withParam(search, 'tab', id === 'issues' ? null : id),
    selected: tab === id,
    testId: `milestone-tab-${id}`,
  });
  return (
    <section className="content-section milestone-tabs">
      <Tabs
        label={MILESTONE_TEXTS.tabsLabel}
        panelId={PANEL_ID}
        onNavigate={onNavigate}
        items={[
          item('issues', MILESTONE_TEXTS.issues, issueCount),
          item('labels', MILESTONE_TEXTS.labels, milestone.labels.length),
          item('participants', MILESTONE_TEXTS.participants, milestone.participantsTotal),
        ]}
      />
      <div
        id={PANEL_ID}
        role="tabpanel"
        aria-labelledby={`${PANEL_ID}-tab-${tab}`}
        className="milestone-tab-panel"
      >
        {tab === 'labels' ? <MilestoneLabelsTab labels={milestone.labels} /> : null}
        {tab === 'participants' ? (
          <MilestoneParticipantsTab
            participants={milestone.participants}
            total={milestone.participantsTotal}
          />
        ) : null}
        {tab === 'issues' ? (
          columns ? (
            <MilestoneIssueColumnsView columns={columns} />
          ) : (
            <Loading label={MILESTONE_TEXTS.loading} />
          )
        ) : null}
      </div>
    </section>
  );
}

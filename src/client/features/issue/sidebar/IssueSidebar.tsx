/**
 * The issue page's right sidebar (GitLab's issue sidebar): blocks that read and save on their own
 * (health status, weight, due date, confidentiality, reference), each editable by those the server
 * lets set the issue's metadata, and read-only rows for what it does not edit yet.
 */
import { useMemo } from 'react';
import {
  HEALTH_STATUS_TEXT,
  type HealthStatus,
  isHealthStatus,
} from '../../../../core/domain/healthStatus.ts';
import { inviteMembersPath, projectIssuesPath } from '../../../../core/domain/webPaths.ts';
import { type CalendarDate, parseCalendarDate } from '../../../../core/time/calendarDate.ts';
import { formatCalendarDate } from '../../../components/issuable/index.ts';
import {
  AssigneesBlock,
  ConfidentialityBlock,
  LabelsBlock,
  ParticipantsBlock,
  PickerBlock,
  ReferenceBlock,
  SIDEBAR_TEXT,
  SubscriptionBlock,
  TodoBlock,
  ValueBlock,
  WeightBlock,
} from '../../../components/sidebar/index.ts';
import {
  fetchEpicSuggestions,
  fetchProjectMilestoneSuggestions,
  type SidebarScope,
  useIssueAssignees,
  useIssueConfidential,
  useIssueDueDate,
  useIssueEpic,
  useIssueHealthStatus,
  useIssueLabels,
  useIssueLocked,
  useIssueMilestone,
  useIssueParticipants,
  useIssueReference,
  useIssueSubscription,
  useIssueTodo,
  useIssueWeight,
  useQueriesSettled,
} from '../../../data/index.ts';
import { ISSUE_SIDEBAR_TEXT } from './issueSidebarTexts.ts';
import { LockBlock } from './LockBlock.tsx';

const HEALTH_STATUSES = Object.keys(HEALTH_STATUS_TEXT) as HealthStatus[];

export function IssueSidebar({
  fullPath,
  iid,
  groupId,
  groupFullPath,
  canAdmin,
  signedIn,
  emailsDisabled,
  canInviteMembers,
  showEpic,
  showWeight,
  showHealthStatus,
}: {
  fullPath: string;
  iid: string;
  /** The project's group: its members come first in the assignee search. */
  groupId: string | null;
  /** The project's group: its labels and its ancestors' are offered. */
  groupFullPath: string;
  /** GitLab's admin_issue: the metadata editors show. */
  canAdmin: boolean;
  /** Signed-in viewers may turn notifications on. */
  signedIn: boolean;
  /** The group's owner switched notification emails off. */
  emailsDisabled: boolean;
  /** The project's maintainers invite members from the assignee picker (GitLab's canInviteMembers). */
  canInviteMembers: boolean;
  /** The plan sells epics (Premium and up): the issue's epic shows and can be set. */
  showEpic: boolean;
  /** The plan sells weights (Premium and up) and the instance turns them on. */
  showWeight: boolean;
  /** The plan sells health statuses (Ultimate). */
  showHealthStatus: boolean;
}) {
  const scope: SidebarScope = useMemo(() => ({ fullPath, iid }), [fullPath, iid]);
  const health = useIssueHealthStatus(scope);
  const weight = useIssueWeight(scope);
  const dueDate = useIssueDueDate(scope);
  const confidentiality = useIssueConfidential(scope);
  const locked = useIssueLocked(scope);
  const reference = useIssueReference(scope);
  const assignees = useIssueAssignees(scope);
  const milestone = useIssueMilestone(scope);
  const labels = useIssueLabels(scope);
  const epic = useIssueEpic(scope);
  const participants = useIssueParticipants(scope);
  const subscription = useIssueSubscription(scope);
  const todo = useIssueTodo(scope);
  // The issuable keys (l, a, m) press the blocks' Edit buttons, shown once their values arrived.
  useQueriesSettled([
    health,
    weight,
    dueDate,
    confidentiality,
    locked,
    reference,
    assignees,
    milestone,
    labels,
    epic,
    participants,
    subscription,
    todo,
  ]);
  const currentEpic = epic.data?.epic;
  const assigned = assignees.data?.assignees;
  const current = milestone.data?.milestone;
  const blockProps = { canUpdate: canAdmin };
  return (
    <aside
      className="detail-sidebar issue-sidebar"
      aria-label={ISSUE_SIDEBAR_TEXT.sidebar}
      data-testid="issue-sidebar"
    >
      {signedIn ? <TodoBlock issuable="issue" todo={todo} collapsed={false} /> : null}
      <AssigneesBlock
        block="assignees"
        title={ISSUE_SIDEBAR_TEXT.assignees}
        canUpdate={canAdmin}
        loading={assignees.loading}
        fetchError={assignees.error}
        assignees={assigned ? assigned.map((user) => ({ ...user, key: user.username })) : null}
        multiple
        noneText={ISSUE_SIDEBAR_TEXT.unassigned}
        searchLabel={ISSUE_SIDEBAR_TEXT.searchUsers}
        groupId={groupId}
        keyOf={(user) => user.username}
        save={(usernames) => assignees.save(usernames)}
        errorText={ISSUE_SIDEBAR_TEXT.assigneesError}
        valueTestId="sidebar-assignees-value"
        inviteMembersPath={canInviteMembers ? inviteMembersPath('project', fullPath) : null}
      />
      {showEpic ? (
        <PickerBlock
          block="epic"
          title={ISSUE_SIDEBAR_TEXT.epic}
          canUpdate={canAdmin}
          loading={epic.loading}
          fetchError={epic.error}
          selected={
            currentEpic === undefined
              ? null
              : currentEpic
                ? [{ key: currentEpic.id, label: currentEpic.title }]
                : []
          }
          multiple={false}
          noneText={ISSUE_SIDEBAR_TEXT.noEpic}
          searchLabel={ISSUE_SIDEBAR_TEXT.searchEpics}
          search={async (search, signal) =>
            (await fetchEpicSuggestions({ fullPath: groupFullPath, search, state: 'opened' }, signal)).map(
              (found) => ({ key: found.id, label: found.title, detail: `&${found.iid}` }),
            )
          }
          save={([key]) => epic.save(key ?? null)}
          errorText={ISSUE_SIDEBAR_TEXT.epicError}
        >
          <p className="sidebar-value" data-testid="sidebar-epic-value">
            {currentEpic ? (
              <>
                <a href={currentEpic.webPath} className="sidebar-strong">
                  {currentEpic.title}
                </a>{' '}
                <span className="muted">{currentEpic.reference}</span>
              </>
            ) : (
              SIDEBAR_TEXT.none
            )}
          </p>
        </PickerBlock>
      ) : null}
      <LabelsBlock
        labels={labels}
        labelsGroupPath={groupFullPath}
        canUpdate={canAdmin}
        listPath={projectIssuesPath(fullPath)}
        filterTitle={ISSUE_SIDEBAR_TEXT.filterByLabel}
        collapsed={false}
      />
      <PickerBlock
        block="milestone"
        title={ISSUE_SIDEBAR_TEXT.milestone}
        canUpdate={canAdmin}
        loading={milestone.loading}
        fetchError={milestone.error}
        selected={current === undefined ? null : current ? [{ key: current.id, label: current.title }] : []}
        multiple={false}
        noneText={ISSUE_SIDEBAR_TEXT.noMilestone}
        searchLabel={ISSUE_SIDEBAR_TEXT.searchMilestones}
        search={async (search, signal) =>
          (await fetchProjectMilestoneSuggestions({ projectPath: fullPath, search }, signal)).map(
            (found) => ({
              key: String(found.id),
              label: found.title,
            }),
          )
        }
        save={([key]) => milestone.save(key === undefined ? null : milestoneNumber(key))}
        errorText={ISSUE_SIDEBAR_TEXT.milestoneError}
      >
        <p className="sidebar-value" data-testid="sidebar-milestone-value">
          {current ? (
            <a href={current.webPath ?? undefined} className="sidebar-strong">
              {current.title}
            </a>
          ) : (
            SIDEBAR_TEXT.none
          )}
        </p>
      </PickerBlock>
      {showHealthStatus ? (
        <ValueBlock<HealthStatus>
          block="health-status"
          title={ISSUE_SIDEBAR_TEXT.healthStatus}
          state={{ ...health, data: health.data && { value: health.data.healthStatus } }}
          format={(value) => HEALTH_STATUS_TEXT[value]}
          toDraft={(value) => value ?? ''}
          parse={(draft) => ({ value: isHealthStatus(draft) ? draft : null })}
          editor={(draft, setDraft) => (
            <select
              className="form-control"
              aria-label={ISSUE_SIDEBAR_TEXT.healthStatusLabel}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              data-testid="sidebar-health-status-input"
            >
              <option value="">{ISSUE_SIDEBAR_TEXT.noStatus}</option>
              {HEALTH_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {HEALTH_STATUS_TEXT[status]}
                </option>
              ))}
            </select>
          )}
          removeText={ISSUE_SIDEBAR_TEXT.removeHealthStatus}
          errorText={ISSUE_SIDEBAR_TEXT.healthStatusError}
          {...blockProps}
        />
      ) : null}
      {showWeight ? (
        <WeightBlock
          block="weight"
          state={{ ...weight, data: weight.data && { value: weight.data.weight } }}
          canUpdate={canAdmin}
          texts={{
            title: ISSUE_SIDEBAR_TEXT.weight,
            label: ISSUE_SIDEBAR_TEXT.weightLabel,
            invalid: ISSUE_SIDEBAR_TEXT.weightInvalid,
            remove: ISSUE_SIDEBAR_TEXT.removeWeight,
            error: ISSUE_SIDEBAR_TEXT.weightError,
          }}
        />
      ) : null}
      <ValueBlock<CalendarDate>
        block="due-date"
        title={ISSUE_SIDEBAR_TEXT.dueDate}
        state={{ ...dueDate, data: dueDate.data && { value: dueDate.data.dueDate as CalendarDate | null } }}
        format={formatCalendarDate}
        toDraft={(value) => value ?? ''}
        parse={(draft) => {
          if (draft === '') return { value: null };
          const day = parseCalendarDate(draft);
          return day ? { value: day } : { problem: ISSUE_SIDEBAR_TEXT.dueDateInvalid };
        }}
        editor={(draft, setDraft, describedBy) => (
          <input
            type="date"
            className="form-control"
            aria-label={ISSUE_SIDEBAR_TEXT.dueDateLabel}
            aria-describedby={describedBy}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            // biome-ignore lint/a11y/noAutofocus: the editor was opened to pick a day.
            autoFocus
            data-testid="sidebar-due-date-input"
          />
        )}
        removeText={ISSUE_SIDEBAR_TEXT.removeDueDate}
        errorText={ISSUE_SIDEBAR_TEXT.dueDateError}
        {...blockProps}
      />
      <ConfidentialityBlock issuable="issue" state={confidentiality} canUpdate={canAdmin} collapsed={false} />
      <LockBlock state={locked} canUpdate={canAdmin} />
      <ParticipantsBlock issuable="issue" participants={participants} collapsed={false} />
      <SubscriptionBlock
        issuable="issue"
        subscription={subscription}
        signedIn={signedIn}
        emailsDisabledByPage={emailsDisabled}
        collapsed={false}
      />
      <ReferenceBlock reference={reference} collapsed={false} />
    </aside>
  );
}

/** A milestone key: a suggestion's numeric id, or the current milestone's global id. */
function milestoneNumber(key: string): number {
  return Number(key.split('/').pop());
}

/**
 * The merge request page's right sidebar (GitLab's merge request sidebar): to-do, assignees,
 * reviewers (each who could not merge marked), labels, milestone, the discussion lock,
 * participants, notifications and the reference. Every block reads and saves on its own.
 */
import { useMemo } from 'react';
import { inviteMembersPath, projectMergeRequestsPath } from '../../../core/domain/webPaths.ts';
import {
  AssigneesBlock,
  ConfirmToggleBlock,
  type ConfirmToggleTexts,
  LabelsBlock,
  ParticipantsBlock,
  PickerBlock,
  ReferenceBlock,
  SIDEBAR_TEXT,
  SubscriptionBlock,
  TodoBlock,
} from '../../components/sidebar/index.ts';
import {
  fetchProjectMilestoneSuggestions,
  type MergeRequestPersonView,
  type SidebarScope,
  useMergeRequestAssignees,
  useMergeRequestLabels,
  useMergeRequestLocked,
  useMergeRequestMilestone,
  useMergeRequestParticipants,
  useMergeRequestReference,
  useMergeRequestReviewers,
  useMergeRequestSubscription,
  useMergeRequestTodo,
  useQueriesSettled,
} from '../../data/index.ts';
import { Icon } from '../../ui/index.ts';
import { MERGE_REQUEST_LOCK_TEXT, MERGE_REQUEST_SIDEBAR_TEXT } from './mergeRequestTexts.ts';

const LOCK_TEXTS: ConfirmToggleTexts = {
  ...MERGE_REQUEST_LOCK_TEXT,
  turnOnWarning: (
    <>
      Lock this merge request? Only <strong>project members</strong> will be able to comment.
    </>
  ),
  turnOffWarning: (
    <>
      Unlock this merge request? <strong>Everyone</strong> will be able to comment.
    </>
  ),
};
const LOCK_ICONS = { on: <Icon name="lock" />, off: <Icon name="lockOpen" /> };

const asItems = (people: readonly MergeRequestPersonView[] | undefined) =>
  people ? people.map((person) => ({ ...person, key: person.username })) : null;

export function MergeRequestSidebar({
  fullPath,
  iid,
  groupId,
  groupFullPath,
  canAdmin,
  signedIn,
  emailsDisabled,
  canInviteMembers,
}: {
  fullPath: string;
  iid: string;
  /** The project's group: its members come first in the people searches. */
  groupId: string | null;
  /** The project's group: its labels and its ancestors' are offered. */
  groupFullPath: string;
  /** GitLab's admin_merge_request: the metadata editors show. */
  canAdmin: boolean;
  signedIn: boolean;
  emailsDisabled: boolean;
  canInviteMembers: boolean;
}) {
  const scope: SidebarScope = useMemo(() => ({ fullPath, iid }), [fullPath, iid]);
  const assignees = useMergeRequestAssignees(scope);
  const reviewers = useMergeRequestReviewers(scope);
  const labels = useMergeRequestLabels(scope);
  const milestone = useMergeRequestMilestone(scope);
  const locked = useMergeRequestLocked(scope);
  const participants = useMergeRequestParticipants(scope);
  const subscription = useMergeRequestSubscription(scope);
  const reference = useMergeRequestReference(scope);
  const todo = useMergeRequestTodo(scope);
  // The issuable keys (l, a, m) press the blocks' Edit buttons, shown once their values arrived.
  useQueriesSettled([
    assignees,
    reviewers,
    labels,
    milestone,
    locked,
    participants,
    subscription,
    reference,
    todo,
  ]);
  const current = milestone.data?.milestone;
  const invitePath = canInviteMembers ? inviteMembersPath('project', fullPath) : null;
  return (
    <aside
      className="detail-sidebar merge-request-sidebar"
      aria-label={MERGE_REQUEST_SIDEBAR_TEXT.sidebar}
      data-testid="merge-request-sidebar"
    >
      {signedIn ? <TodoBlock issuable="merge request" todo={todo} collapsed={false} /> : null}
      <AssigneesBlock
        block="assignees"
        title={MERGE_REQUEST_SIDEBAR_TEXT.assignees}
        canUpdate={canAdmin}
        loading={assignees.loading}
        fetchError={assignees.error}
        assignees={asItems(assignees.data?.people)}
        multiple
        noneText={MERGE_REQUEST_SIDEBAR_TEXT.unassigned}
        searchLabel={MERGE_REQUEST_SIDEBAR_TEXT.searchUsers}
        groupId={groupId}
        keyOf={(user) => user.username}
        save={(usernames) => assignees.save(usernames)}
        errorText={MERGE_REQUEST_SIDEBAR_TEXT.assigneesError}
        valueTestId="sidebar-assignees-value"
        inviteMembersPath={invitePath}
      />
      <AssigneesBlock
        block="reviewers"
        title={MERGE_REQUEST_SIDEBAR_TEXT.reviewers}
        canUpdate={canAdmin}
        loading={reviewers.loading}
        fetchError={reviewers.error}
        assignees={asItems(reviewers.data?.people)}
        multiple
        noneText={MERGE_REQUEST_SIDEBAR_TEXT.noReviewers}
        searchLabel={MERGE_REQUEST_SIDEBAR_TEXT.searchUsers}
        groupId={groupId}
        keyOf={(user) => user.username}
        save={(usernames) => reviewers.save(usernames)}
        errorText={MERGE_REQUEST_SIDEBAR_TEXT.reviewersError}
        valueTestId="sidebar-reviewers-value"
        inviteMembersPath={invitePath}
      />
      <LabelsBlock
        labels={labels}
        labelsGroupPath={groupFullPath}
        canUpdate={canAdmin}
        listPath={projectMergeRequestsPath(fullPath)}
        filterTitle={MERGE_REQUEST_SIDEBAR_TEXT.filterByLabel}
        collapsed={false}
      />
      <PickerBlock
        block="milestone"
        title={MERGE_REQUEST_SIDEBAR_TEXT.milestone}
        canUpdate={canAdmin}
        loading={milestone.loading}
        fetchError={milestone.error}
        selected={current === undefined ? null : current ? [{ key: current.id, label: current.title }] : []}
        multiple={false}
        noneText={MERGE_REQUEST_SIDEBAR_TEXT.noMilestone}
        searchLabel={MERGE_REQUEST_SIDEBAR_TEXT.searchMilestones}
        search={async (search, signal) =>
          (await fetchProjectMilestoneSuggestions({ projectPath: fullPath, search }, signal)).map(
            (found) => ({
              key: String(found.id),
              label: found.title,
            }),
          )
        }
        save={([key]) => milestone.save(key === undefined ? null : Number(key.split('/').pop()))}
        errorText={MERGE_REQUEST_SIDEBAR_TEXT.milestoneError}
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
      <ConfirmToggleBlock
        block="lock"
        texts={LOCK_TEXTS}
        icons={LOCK_ICONS}
        state={locked}
        value={locked.data?.locked}
        canUpdate={canAdmin}
        collapsed={false}
      />
      <ParticipantsBlock issuable="merge request" participants={participants} collapsed={false} />
      <SubscriptionBlock
        issuable="merge request"
        subscription={subscription}
        signedIn={signedIn}
        emailsDisabledByPage={emailsDisabled}
        collapsed={false}
      />
      <ReferenceBlock reference={reference} collapsed={false} />
    </aside>
  );
}

import { useId, useMemo } from 'react';
import { parseUserMemberships } from '../../../core/domain/userMemberships.ts';
import type { PageMountOf } from '../../../core/pages/pageMount.ts';
import { calendarDateOf, formatCalendarDate } from '../../../core/time/formatting.ts';
import { usePageSettled, useUserActivity, useUserIssues } from '../../data/index.ts';
import { useLocationSearch } from '../../state/index.ts';
import { Avatar, StatusEmoji, Tabs, UserName, useDocumentTitle } from '../../ui/index.ts';
import { UserActivityList } from './UserActivityList.tsx';
import { UserIssuesList } from './UserIssuesList.tsx';
import { UserMembershipList } from './UserMembershipList.tsx';

export type UserProfilePageProps = PageMountOf<'user'>;

type ProfileTab = 'activity' | 'groups' | 'projects' | 'issues';

/** `?tab=` names the tab shown; Activity, as on GitLab, when none or an unknown one. */
function tabOf(search: string, tabs: readonly ProfileTab[]): ProfileTab {
  const asked = new URLSearchParams(search).get('tab');
  return tabs.find((tab) => tab === asked) ?? 'activity';
}

const TAB_LABELS: Readonly<Record<ProfileTab, string>> = {
  activity: 'Activity',
  groups: 'Groups',
  projects: 'Projects',
  issues: 'Issues',
};

/**
 * GitLab's user profile (`/:username`), where every author, assignee and participant links: who
 * they are, since when, and, as tabs, their recent activity, the groups and projects they belong
 * to and (for a signed-in viewer: GitLab's issues API needs one) the issues they opened, each
 * only as far as the viewer may see.
 */
export function UserProfilePage({
  username,
  name,
  statusEmoji,
  statusMessage,
  statusBusy,
  bio,
  createdAt,
  signedIn,
  memberships,
}: UserProfilePageProps) {
  const [search, navigate] = useLocationSearch();
  const tabs: readonly ProfileTab[] = signedIn
    ? ['activity', 'groups', 'projects', 'issues']
    : ['activity', 'groups', 'projects'];
  const tab = tabOf(search, tabs);
  const activity = useUserActivity(username);
  const userIssues = useUserIssues(username, signedIn);
  const { groups, projects } = useMemo(() => parseUserMemberships(memberships), [memberships]);
  const panelId = useId();
  usePageSettled(!activity.loading && !userIssues.loading);
  useDocumentTitle(`${name} (@${username})`);
  const shownName = name || username;
  const memberSince = createdAt ? formatCalendarDate(calendarDateOf(new Date(createdAt))) : null;
  const counts: Partial<Record<ProfileTab, number>> = { groups: groups.length, projects: projects.length };
  return (
    <div className="user-profile" data-testid="user-profile">
      <header className="user-profile-header">
        <Avatar name={shownName} colorKey={username} size={48} />
        <div>
          <h1 className="user-profile-name">
            <UserName name={shownName} busy={statusBusy} />
          </h1>
          <p className="muted user-profile-username">@{username}</p>
          {statusEmoji || statusMessage ? (
            <p className="user-profile-status" data-testid="user-profile-status">
              <StatusEmoji emoji={statusEmoji} message="" /> {statusMessage}
            </p>
          ) : null}
          {memberSince ? <p className="muted">Member since {memberSince}</p> : null}
          {bio ? <p className="user-profile-bio">{bio}</p> : null}
        </div>
      </header>
      <Tabs
        label="Profile"
        panelId={panelId}
        onNavigate={navigate}
        items={tabs.map((item) => ({
          id: item,
          label: TAB_LABELS[item],
          count: counts[item],
          search: item === 'activity' ? '' : `?tab=${item}`,
          selected: item === tab,
          testId: `user-profile-tab-${item}`,
        }))}
      />
      <div id={panelId} role="tabpanel" className="user-profile-section">
        {tab === 'activity' ? (
          <UserActivityList name={shownName} username={username} activity={activity} />
        ) : null}
        {tab === 'groups' ? (
          <UserMembershipList
            kind="groups"
            items={groups}
            emptyText={`${shownName} is not a member of any group you can see.`}
          />
        ) : null}
        {tab === 'projects' ? (
          <UserMembershipList
            kind="projects"
            items={projects}
            emptyText={`${shownName} is not a member of any project you can see.`}
          />
        ) : null}
        {tab === 'issues' ? <UserIssuesList name={shownName} userIssues={userIssues} /> : null}
      </div>
    </div>
  );
}

import { useState } from 'react';
import { pluralize } from '../../../core/domain/plural.ts';
import { groupMembersPath, membersJsonPath, projectMembersPath } from '../../../core/domain/webPaths.ts';
import { groupCrumbs, PageHeader, projectCrumbs } from '../../components/navigation/index.ts';
import {
  denyAccessRequest,
  parseMembersManagement,
  parseMembersPage,
  removeMember,
  requestAccess,
  useMembersWindow,
  usePageSettled,
} from '../../data/index.ts';
import { Alert, Button, EmptyState, Icon, Tabs, useDocumentTitle } from '../../ui/index.ts';
import { InviteMembersModal } from './InviteMembersModal.tsx';
import { AccessRequestsTable, InvitationsTable, SharesTable } from './MembersSideLists.tsx';
import { MembersTable } from './MembersTable.tsx';
import { MEMBERS_TEXTS } from './membersTexts.ts';
import { RemoveMemberDialog } from './RemoveMemberDialog.tsx';
import { useMembersWrite } from './useMembersWrite.ts';

type MembersTab = 'members' | 'groups' | 'invited' | 'access_requests';

export interface MembersPageProps {
  readonly kind: 'group' | 'project';
  readonly fullPath: string;
  readonly name: string;
  /** The first page of members (core/pages: MembersPageJson); the list fetches the others. */
  readonly members: string;
  readonly search: string;
  /** What the viewer may do (core/pages: MembersManagementJson). */
  readonly management: string;
  readonly tab: MembersTab;
}

const PANEL_ID = 'members-panel';

/** GitLab's `?open_modal=invite_members` (or `invite_group`): the page opens with the modal. */
function inviteModalOf(search: string): 'members' | 'group' | null {
  const modal = new URLSearchParams(search).get('open_modal');
  return modal === 'invite_members' ? 'members' : modal === 'invite_group' ? 'group' : null;
}

/**
 * GitLab's members page: everyone with a membership on the group or project or on a group above it,
 * with their role, where it comes from and since when, searched by name or username. Managers
 * invite people and groups, change roles and expiry in place, remove members, and answer pending
 * invitations and access requests, each on its tab; members leave, others ask to join.
 */
export function MembersPage({ kind, fullPath, name, members, search, management, tab }: MembersPageProps) {
  const [firstPage] = useState(() => parseMembersPage(members));
  const list = useMembersWindow(firstPage, membersJsonPath(kind, fullPath), search);
  const manage = parseMembersManagement(management);
  const write = useMembersWrite();
  const [inviting, setInviting] = useState<'members' | 'group' | null>(() =>
    manage.canManage ? inviteModalOf(window.location.search) : null,
  );
  const [leaving, setLeaving] = useState(false);
  usePageSettled(true);
  const title = kind === 'group' ? MEMBERS_TEXTS.groupTitle : MEMBERS_TEXTS.projectTitle;
  useDocumentTitle(title);
  const crumbs =
    kind === 'group'
      ? [...groupCrumbs(fullPath, null, name), { label: 'Members', href: groupMembersPath(fullPath) }]
      : [...projectCrumbs(fullPath, name), { label: 'Members', href: projectMembersPath(fullPath) }];
  const navigate = (query: string) =>
    window.location.assign(query ? `?${query.replace(/^\?/, '')}` : window.location.pathname);
  const tabs: { id: MembersTab; count: number }[] = [
    { id: 'members', count: list.total },
    ...(manage.shares.length > 0 || manage.canManage
      ? [{ id: 'groups' as const, count: manage.shares.length }]
      : []),
    ...(manage.canManage ? [{ id: 'invited' as const, count: manage.invitationsTotal }] : []),
    ...(manage.canManage ? [{ id: 'access_requests' as const, count: manage.accessRequests.length }] : []),
  ];
  const shownTab = tabs.some((item) => item.id === tab) ? tab : 'members';
  return (
    <>
      <PageHeader crumbs={crumbs} title={title}>
        <p className="page-subtitle">
          {MEMBERS_TEXTS.viewing} <strong>{name || fullPath}</strong>.
        </p>
        <div className="members-actions">
          {manage.canManage ? (
            <>
              <Button onClick={() => setInviting('group')} data-testid="invite-group-button">
                {MEMBERS_TEXTS.inviteGroup}
              </Button>
              <Button
                variant="confirm"
                onClick={() => setInviting('members')}
                data-testid="invite-members-button"
              >
                {MEMBERS_TEXTS.inviteMembers}
              </Button>
            </>
          ) : null}
          {manage.canLeave ? (
            <Button variant="danger" onClick={() => setLeaving(true)} data-testid="leave-button">
              {kind === 'group' ? MEMBERS_TEXTS.leaveGroup : MEMBERS_TEXTS.leaveProject}
            </Button>
          ) : null}
          {manage.canRequestAccess ? (
            <Button
              disabled={write.busy}
              onClick={() =>
                void write.run(() => requestAccess(manage.apiPath), {
                  notice: MEMBERS_TEXTS.requestSent,
                  reload: true,
                })
              }
              data-testid="request-access-button"
            >
              {MEMBERS_TEXTS.requestAccess}
            </Button>
          ) : null}
          {manage.accessRequested && manage.viewerId !== null ? (
            <Button
              disabled={write.busy}
              onClick={() =>
                void write.run(() => denyAccessRequest(manage.apiPath, manage.viewerId ?? 0), {
                  notice: MEMBERS_TEXTS.requestDenied,
                  reload: true,
                })
              }
              data-testid="withdraw-request-button"
            >
              {MEMBERS_TEXTS.withdrawRequest}
            </Button>
          ) : null}
        </div>
      </PageHeader>
      {manage.accessRequested ? <Alert variant="info">{MEMBERS_TEXTS.accessRequested}</Alert> : null}
      {tabs.length > 1 ? (
        <Tabs
          label={MEMBERS_TEXTS.tabsLabel}
          panelId={PANEL_ID}
          onNavigate={navigate}
          items={tabs.map((item) => ({
            id: item.id,
            label: MEMBERS_TEXTS.tabs[item.id],
            count: item.count,
            search: item.id === 'members' ? '' : `?tab=${item.id}`,
            selected: item.id === shownTab,
            testId: `members-tab-${item.id}`,
          }))}
        />
      ) : null}
      <div id={PANEL_ID} role={tabs.length > 1 ? 'tabpanel' : undefined} className="members-panel">
        {shownTab === 'members' ? (
          <>
            <search className="members-search" aria-label={MEMBERS_TEXTS.searchLabel}>
              <form method="get" className="members-search-form">
                <label className="sr-only" htmlFor="members-search">
                  {MEMBERS_TEXTS.searchLabel}
                </label>
                <input
                  id="members-search"
                  className="input"
                  type="search"
                  name="search"
                  defaultValue={search}
                  placeholder={MEMBERS_TEXTS.searchPlaceholder}
                  data-testid="members-search"
                />
                <button type="submit" className="btn btn-default" data-testid="members-search-submit">
                  <Icon name="search" />
                  Search
                </button>
              </form>
            </search>
            <h2 className="section-title members-count" data-testid="members-count">
              {search
                ? `${pluralize(list.total, 'member')} matching “${search}”`
                : pluralize(list.total, 'member')}
            </h2>
            {list.total === 0 ? (
              <EmptyState
                title={search ? MEMBERS_TEXTS.noMatches : MEMBERS_TEXTS.none}
                testId="members-empty"
              />
            ) : (
              <MembersTable
                members={list}
                apiPath={manage.apiPath}
                sourceName={name || fullPath}
                grantableLevels={manage.grantableLevels}
                viewerId={manage.viewerId}
                write={write}
              />
            )}
          </>
        ) : null}
        {shownTab === 'groups' ? (
          <SharesTable
            shares={manage.shares}
            apiPath={manage.apiPath}
            canManage={manage.canManage}
            write={write}
          />
        ) : null}
        {shownTab === 'invited' ? (
          <InvitationsTable invitations={manage.invitations} apiPath={manage.apiPath} write={write} />
        ) : null}
        {shownTab === 'access_requests' ? (
          <AccessRequestsTable
            requests={manage.accessRequests}
            apiPath={manage.apiPath}
            grantableLevels={manage.grantableLevels}
            write={write}
          />
        ) : null}
      </div>
      {inviting ? (
        <InviteMembersModal
          variant={inviting}
          kind={kind}
          sourceName={name || fullPath}
          apiPath={manage.apiPath}
          grantableLevels={manage.grantableLevels}
          onClose={() => setInviting(null)}
          onInvited={(notice) => void write.run(() => Promise.resolve(), { notice, reload: true })}
        />
      ) : null}
      {leaving && manage.viewerId !== null ? (
        <RemoveMemberDialog
          mode="leave"
          memberName=""
          sourceName={name || fullPath}
          busy={write.busy}
          onClose={() => setLeaving(false)}
          onConfirm={() =>
            void write.run(() => removeMember(manage.apiPath, manage.viewerId ?? 0, false), {
              notice: kind === 'group' ? `You left the "${name}" group.` : `You left the "${name}" project.`,
              reload: true,
            })
          }
        />
      ) : null}
    </>
  );
}

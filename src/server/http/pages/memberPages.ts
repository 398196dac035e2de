import { accessLevelName } from '../../../core/domain/accessLevel.ts';
import { groupPath, projectPath, userPath } from '../../../core/domain/webPaths.ts';
import type {
  MemberJson,
  MembersManagementJson,
  MembersPageJson,
  PageMountInput,
} from '../../../core/pages/pageMount.ts';
import type { Executor } from '../../db/executor.ts';
import type { AccessContext } from '../../services/access.ts';
import { listMembersOf, type MembersOf, type MemberView } from '../../services/memberService.ts';
import {
  type MembersManagementView,
  memberActionsOf,
  membersManagementOf,
} from '../../services/members/membersPageService.ts';
import { offsetPage, type Params } from '../api/params.ts';

/**
 * Members sent at once: the page arrives with the first ones, and its windowed list asks for the
 * others a page at a time as they scroll into view (`…/group_members.json?page=…`).
 */
const MEMBERS_PER_PAGE = 50;
const MAX_SEARCH_LENGTH = 255;

function memberPageJson(
  { row, source, direct }: MemberView,
  actions: { canUpdate: boolean; canRemove: boolean } | undefined,
): MemberJson {
  return {
    id: row.member_id,
    access_level: {
      integer_value: row.access_level,
      string_value: accessLevelName(row.access_level),
    },
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at,
    is_direct_member: direct,
    source: {
      id: source.id,
      full_name: source.fullName,
      web_path: source.kind === 'group' ? groupPath(source.fullPath) : projectPath(source.fullPath),
    },
    user: { id: row.user_id, name: row.name, username: row.username, web_path: userPath(row.username) },
    can_update: actions?.canUpdate ?? false,
    can_remove: actions?.canRemove ?? false,
  };
}

const TABS = ['members', 'groups', 'invited', 'access_requests'] as const;
type MembersTab = (typeof TABS)[number];

function tabOf(query: Params): MembersTab {
  return TABS.find((tab) => tab === query.tab) ?? 'members';
}

function managementJson(of: MembersOf, view: MembersManagementView): MembersManagementJson {
  return {
    can_manage: view.canManage,
    grantable_levels: view.grantableLevels,
    viewer_id: view.viewerId,
    can_leave: view.canLeave,
    can_request_access: view.canRequestAccess,
    access_requested: view.accessRequested,
    api_path:
      of.kind === 'group' ? `/api/v4/groups/${of.group.id}` : `/api/v4/projects/${of.project.project.id}`,
    invitations: view.invitations.map((invitation) => ({
      email: invitation.invite_email,
      access_level: invitation.access_level,
      expires_at: invitation.expires_at,
      created_by_name: invitation.created_by_name,
      created_at: invitation.created_at.toISOString(),
    })),
    invitations_total: view.invitationsTotal,
    access_requests: view.accessRequests.map((request) => ({
      user_id: request.user_id,
      name: request.name,
      username: request.username,
      web_path: userPath(request.username),
      requested_at: request.requested_at.toISOString(),
    })),
    shares: view.shares.map((share) => ({
      group_id: share.group_id,
      full_name: share.group_full_name,
      web_path: groupPath(share.group_full_path),
      access_level: share.group_access,
      expires_at: share.expires_at,
    })),
  };
}

/**
 * One page of the members a members page lists (`?search=…&page=…`): everyone with a membership
 * on the group or project or on a group above it, by name, with what the viewer may do to each.
 * The caller has found the group or project readable; its members are readable with it.
 */
export async function membersPageJson(
  db: Executor,
  access: AccessContext,
  of: MembersOf,
  query: Params,
): Promise<{ json: MembersPageJson; search: string }> {
  const search = (optionalSearch(query) ?? '').trim();
  const page = offsetPage({ page: pageNumber(query), per_page: MEMBERS_PER_PAGE });
  const { rows, total } = await listMembersOf(
    db,
    of,
    'all',
    { search: search || undefined, order: 'name' },
    { offset: page.offset, limit: page.perPage },
  );
  const actions = await memberActionsOf(db, access, of, rows);
  const json: MembersPageJson = {
    members: rows.map((member) => memberPageJson(member, actions.get(member.row.user_id))),
    total,
    page: page.page,
    per_page: page.perPage,
  };
  return { json, search };
}

/** The mount fields of a members page: its first page of members and what the viewer may do. */
export async function membersMountFields(
  db: Executor,
  access: AccessContext,
  of: MembersOf,
  query: Params,
): Promise<
  Pick<Extract<PageMountInput, { page: 'group-members' }>, 'members' | 'search' | 'management' | 'tab'>
> {
  const { json, search } = await membersPageJson(db, access, of, { ...query, page: '1' });
  const management = await membersManagementOf(db, access, of);
  return {
    members: JSON.stringify(json),
    search,
    management: JSON.stringify(managementJson(of, management)),
    tab: tabOf(query),
  };
}

/** A bad or overlong search is searched as far as it goes rather than refused: it is a page, not the API. */
function optionalSearch(query: Params): string | undefined {
  const value = query.search;
  return typeof value === 'string' ? value.slice(0, MAX_SEARCH_LENGTH) : undefined;
}

/** A page number from 1; anything else is the first page. */
function pageNumber(query: Params): number {
  const value = typeof query.page === 'string' && /^\d{1,6}$/.test(query.page) ? Number(query.page) : 1;
  return Math.max(1, value);
}

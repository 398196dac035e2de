/**
 * A members page's members, from the JSON the server writes on the page (core/pages: MembersPageJson,
 * GitLab's `data-members-data`). What does not parse reads as an empty page.
 */
import { calendarDateOf } from '../../../core/time/formatting.ts';
import { type CalendarDate, toCalendarDate } from '../dates.ts';
import { isObject, type Json, str } from '../restJson.ts';

export interface Member {
  readonly id: number;
  readonly userId: number;
  readonly name: string;
  readonly username: string;
  readonly userPath: string;
  readonly accessLevel: number;
  /** 'Owner', 'Maintainer', … */
  readonly role: string;
  /** The day the membership began. */
  readonly memberSince: CalendarDate | null;
  readonly expiresAt: CalendarDate | null;
  /** Held on this group or project itself; otherwise inherited from `source`. */
  readonly direct: boolean;
  readonly source: { readonly fullName: string; readonly path: string };
  /** The viewer may change this member's role and expiry, and remove them. */
  readonly canUpdate: boolean;
  readonly canRemove: boolean;
}

export interface MembersPage {
  readonly members: readonly Member[];
  readonly total: number;
  readonly page: number;
  readonly perPage: number;
}

const EMPTY: MembersPage = { members: [], total: 0, page: 1, perPage: 20 };

const num = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

function toMember(json: Json): Member | null {
  const user = isObject(json.user) ? json.user : null;
  const level = isObject(json.access_level) ? json.access_level : {};
  const source = isObject(json.source) ? json.source : {};
  const username = str(user?.username);
  if (!user || !username) return null;
  const createdAt = str(json.created_at);
  const created = createdAt ? new Date(createdAt) : null;
  return {
    id: num(json.id, 0),
    userId: num(user.id, 0),
    name: str(user.name) ?? username,
    username,
    userPath: str(user.web_path) ?? `/${encodeURIComponent(username)}`,
    accessLevel: num(level.integer_value, 0),
    role: str(level.string_value) ?? '',
    memberSince: created && !Number.isNaN(created.getTime()) ? calendarDateOf(created) : null,
    expiresAt: toCalendarDate(str(json.expires_at)),
    direct: json.is_direct_member === true,
    source: { fullName: str(source.full_name) ?? '', path: str(source.web_path) ?? '' },
    canUpdate: json.can_update === true,
    canRemove: json.can_remove === true,
  };
}

export interface PendingInvitation {
  readonly email: string;
  readonly accessLevel: number;
  readonly expiresAt: CalendarDate | null;
  readonly invitedBy: string | null;
  readonly createdAt: string;
}

export interface AccessRequest {
  readonly userId: number;
  readonly name: string;
  readonly username: string;
  readonly userPath: string;
  readonly requestedAt: string;
}

export interface Share {
  readonly groupId: number;
  readonly fullName: string;
  readonly path: string;
  readonly accessLevel: number;
  readonly expiresAt: CalendarDate | null;
}

/** What the viewer may do on a members page (core/pages: MembersManagementJson). */
export interface MembersManagement {
  readonly canManage: boolean;
  readonly grantableLevels: readonly number[];
  readonly viewerId: number | null;
  readonly canLeave: boolean;
  readonly canRequestAccess: boolean;
  readonly accessRequested: boolean;
  readonly apiPath: string;
  readonly invitations: readonly PendingInvitation[];
  readonly invitationsTotal: number;
  readonly accessRequests: readonly AccessRequest[];
  readonly shares: readonly Share[];
}

const NO_MANAGEMENT: MembersManagement = {
  canManage: false,
  grantableLevels: [],
  viewerId: null,
  canLeave: false,
  canRequestAccess: false,
  accessRequested: false,
  apiPath: '',
  invitations: [],
  invitationsTotal: 0,
  accessRequests: [],
  shares: [],
};

const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);

export function parseMembersManagement(text: string): MembersManagement {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return NO_MANAGEMENT;
  }
  if (!isObject(value)) return NO_MANAGEMENT;
  return {
    canManage: value.can_manage === true,
    grantableLevels: Array.isArray(value.grantable_levels)
      ? value.grantable_levels.filter((level): level is number => typeof level === 'number')
      : [],
    viewerId: typeof value.viewer_id === 'number' ? value.viewer_id : null,
    canLeave: value.can_leave === true,
    canRequestAccess: value.can_request_access === true,
    accessRequested: value.access_requested === true,
    apiPath: str(value.api_path) ?? '',
    invitations: list(value.invitations).flatMap((json) => {
      const email = str(json.email);
      return email
        ? [
            {
              email,
              accessLevel: num(json.access_level, 0),
              expiresAt: toCalendarDate(str(json.expires_at)),
              invitedBy: str(json.created_by_name),
              createdAt: str(json.created_at) ?? '',
            },
          ]
        : [];
    }),
    invitationsTotal: num(value.invitations_total, 0),
    accessRequests: list(value.access_requests).flatMap((json) => {
      const username = str(json.username);
      return username
        ? [
            {
              userId: num(json.user_id, 0),
              name: str(json.name) ?? username,
              username,
              userPath: str(json.web_path) ?? `/${encodeURIComponent(username)}`,
              requestedAt: str(json.requested_at) ?? '',
            },
          ]
        : [];
    }),
    shares: list(value.shares).map((json) => ({
      groupId: num(json.group_id, 0),
      fullName: str(json.full_name) ?? '',
      path: str(json.web_path) ?? '',
      accessLevel: num(json.access_level, 0),
      expiresAt: toCalendarDate(str(json.expires_at)),
    })),
  };
}

export function parseMembersPage(text: string): MembersPage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return EMPTY;
  }
  return toMembersPage(value);
}

/** A page of members as the page embeds it or its `.json` list answers it. */
export function toMembersPage(value: unknown): MembersPage {
  if (!isObject(value) || !Array.isArray(value.members)) return EMPTY;
  return {
    members: value.members.filter(isObject).flatMap((json) => toMember(json) ?? []),
    total: num(value.total, 0),
    page: num(value.page, 1),
    perPage: num(value.per_page, 20),
  };
}

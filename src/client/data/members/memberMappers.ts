/**
 * A members page's members, from the JSON the server writes on the page (core/pages: MembersPageJson,
 * GitLab's `data-members-data`). What does not parse reads as an empty page.
 */
import { calendarDateOf } from '../../../core/time/formatting.ts';
import { type CalendarDate, toCalendarDate } from '../dates.ts';
import { isObject, type Json, str } from '../restJson.ts';

export interface Member {
  readonly id: number;
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
    name: str(user.name) ?? username,
    username,
    userPath: str(user.web_path) ?? `/${encodeURIComponent(username)}`,
    accessLevel: num(level.integer_value, 0),
    role: str(level.string_value) ?? '',
    memberSince: created && !Number.isNaN(created.getTime()) ? calendarDateOf(created) : null,
    expiresAt: toCalendarDate(str(json.expires_at)),
    direct: json.is_direct_member === true,
    source: { fullName: str(source.full_name) ?? '', path: str(source.web_path) ?? '' },
  };
}

export function parseMembersPage(text: string): MembersPage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return EMPTY;
  }
  if (!isObject(value) || !Array.isArray(value.members)) return EMPTY;
  return {
    members: value.members.filter(isObject).flatMap((json) => toMember(json) ?? []),
    total: num(value.total, 0),
    page: num(value.page, 1),
    perPage: num(value.per_page, 20),
  };
}

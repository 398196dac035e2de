import { ACCESS_LEVEL_NAMES, isAccessLevel } from '../../../core/domain/accessLevel.ts';
import { groupPath, projectPath, userPath } from '../../../core/domain/webPaths.ts';
import type { MemberJson, MembersPageJson, PageMountInput } from '../../../core/pages/pageMount.ts';
import type { Executor } from '../../db/executor.ts';
import { listMembersOf, type MembersOf, type MemberView } from '../../services/memberService.ts';
import { offsetPage, type Params } from '../api/params.ts';

/** GitLab's members page shows this many a page. */
const MEMBERS_PER_PAGE = 20;
const MAX_SEARCH_LENGTH = 255;

function memberPageJson({ row, source, direct }: MemberView): MemberJson {
  return {
    id: row.member_id,
    access_level: {
      integer_value: row.access_level,
      string_value: isAccessLevel(row.access_level) ? ACCESS_LEVEL_NAMES[row.access_level] : 'Custom',
    },
    created_at: row.created_at.toISOString(),
    expires_at: null,
    is_direct_member: direct,
    source: {
      id: source.id,
      full_name: source.fullName,
      web_path: source.kind === 'group' ? groupPath(source.fullPath) : projectPath(source.fullPath),
    },
    user: { id: row.user_id, name: row.name, username: row.username, web_path: userPath(row.username) },
  };
}

/**
 * The mount fields of a members page: the page of members its URL asks for (`?search=…&page=…`),
 * everyone with a membership on it or on a group above it, by name. The caller has found the group
 * or project readable; its members are readable with it.
 */
export async function membersMountFields(
  db: Executor,
  of: MembersOf,
  query: Params,
): Promise<Pick<Extract<PageMountInput, { page: 'group-members' }>, 'members' | 'search'>> {
  const search = (optionalSearch(query) ?? '').trim();
  const page = offsetPage({ page: pageNumber(query), per_page: MEMBERS_PER_PAGE });
  const { rows, total } = await listMembersOf(
    db,
    of,
    'all',
    { search: search || undefined, order: 'name' },
    { offset: page.offset, limit: page.perPage },
  );
  const json: MembersPageJson = {
    members: rows.map(memberPageJson),
    total,
    page: page.page,
    per_page: page.perPage,
  };
  return { members: JSON.stringify(json), search };
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

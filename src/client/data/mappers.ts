/** Pure mappers shared by every entity's: GraphQL lists, pages, enums, users and ids. */
import { parseGlobalId } from '../../core/domain/gid.ts';
import { isVisibility } from '../../core/domain/visibility.ts';
import type { PageInfoFieldsFragment, UserFieldsFragment } from './generated/graphql.ts';
import type {
  HealthStatus,
  IssueType,
  ItemState,
  Page,
  PageInfoView,
  UserView,
  Visibility,
} from './types.ts';

type Maybe<T> = T | null | undefined;

/** The non-null entries of a GraphQL list. */
export function compact<T>(items: Maybe<ReadonlyArray<Maybe<T>>>): T[] {
  return (items ?? []).filter((item): item is T => item != null);
}

const EMPTY_PAGE_INFO: PageInfoView = {
  hasNextPage: false,
  hasPreviousPage: false,
  startCursor: null,
  endCursor: null,
};

export function toPageInfo(info: Maybe<PageInfoFieldsFragment>): PageInfoView {
  return info
    ? {
        hasNextPage: info.hasNextPage,
        hasPreviousPage: info.hasPreviousPage,
        startCursor: info.startCursor,
        endCursor: info.endCursor,
      }
    : EMPTY_PAGE_INFO;
}

export function toPage<N, T>(
  connection: Maybe<{ count: number; pageInfo?: Maybe<PageInfoFieldsFragment>; nodes?: Maybe<Maybe<N>[]> }>,
  map: (node: N) => T,
): Page<T> {
  return {
    items: compact(connection?.nodes).map(map),
    count: connection?.count ?? 0,
    pageInfo: toPageInfo(connection?.pageInfo),
  };
}

export const toVisibility = (value: Maybe<string>): Visibility | null => (isVisibility(value) ? value : null);
export const toItemState = (value: Maybe<string>): ItemState => (value === 'closed' ? 'closed' : 'opened');

export function toHealthStatus(value: Maybe<string>): HealthStatus | null {
  return value === 'onTrack' || value === 'needsAttention' || value === 'atRisk' ? value : null;
}

export function toIssueType(value: Maybe<string>): IssueType {
  return value === 'INCIDENT' || value === 'TASK' ? value : 'ISSUE';
}

export const toUser = (user: UserFieldsFragment): UserView => ({
  id: user.id,
  username: user.username,
  name: user.name,
});

/** The number in `gid://gitlab/Type/<n>`; NaN never escapes (a malformed id is a server bug). */
export function numericId(gid: string): number {
  const parsed = parseGlobalId(gid);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value.id;
}

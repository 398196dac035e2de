import { useCallback, useEffect, useRef, useState } from 'react';
import { toCalendarDate } from '../dates.ts';
import { type Member, type MembersPage, toMembersPage } from './memberMappers.ts';
import type { MemberChange } from './membersRest.ts';

/** Fetches one page of a members list (core/domain/webPaths: membersJsonPath). */
async function fetchMembersPage(
  jsonPath: string,
  search: string,
  page: number,
  signal: AbortSignal,
): Promise<MembersPage> {
  const query = new URLSearchParams({ page: String(page) });
  if (search) query.set('search', search);
  const response = await fetch(`${jsonPath}?${query}`, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!response.ok) throw new Error(`GET ${jsonPath} answered ${response.status}`);
  return toMembersPage(await response.json());
}

export interface MembersWindow {
  readonly total: number;
  /** The member at a position of the whole list, or null while its page is on its way. */
  memberAt(index: number): Member | null;
  /** Asks for the pages holding these positions that have not arrived (each once). */
  require(first: number, last: number): void;
  /** A member changed in place (role or expiry): the list shows the change when it scrolls back. */
  patch(userId: number, change: MemberChange): void;
  /** A page failed to arrive: the list says so and offers to try again. */
  readonly failed: boolean;
  retry(): void;
}

/**
 * The whole of a members list behind a window: the page embeds the first page, and the others are
 * fetched a page at a time as the window reaches them, so thousands of members cost only what is
 * looked at.
 */
export function useMembersWindow(first: MembersPage, jsonPath: string, search: string): MembersWindow {
  const [pages, setPages] = useState<ReadonlyMap<number, readonly Member[]>>(
    () => new Map([[first.page, first.members]]),
  );
  const [failed, setFailed] = useState(false);
  const requested = useRef(new Set<number>([first.page]));
  const controller = useRef(new AbortController());
  useEffect(() => {
    const current = controller.current;
    return () => current.abort();
  }, []);
  const perPage = Math.max(1, first.perPage);

  const load = useCallback(
    (page: number) => {
      requested.current.add(page);
      fetchMembersPage(jsonPath, search, page, controller.current.signal).then(
        (answer) => setPages((known) => new Map(known).set(page, answer.members)),
        (error: unknown) => {
          if (controller.current.signal.aborted) return;
          requested.current.delete(page);
          setFailed(true);
          console.warn(error);
        },
      );
    },
    [jsonPath, search],
  );

  const require = useCallback(
    (firstIndex: number, lastIndex: number) => {
      if (failed) return;
      const from = Math.floor(Math.max(0, firstIndex) / perPage) + 1;
      const to = Math.floor(Math.max(0, lastIndex) / perPage) + 1;
      for (let page = from; page <= to; page++) if (!requested.current.has(page)) load(page);
    },
    [failed, load, perPage],
  );

  return {
    total: first.total,
    memberAt: (index) => pages.get(Math.floor(index / perPage) + 1)?.[index % perPage] ?? null,
    require,
    patch: (userId, change) =>
      setPages(
        (known) =>
          new Map(
            [...known].map(([page, members]) => [
              page,
              members.map((member) =>
                member.userId === userId
                  ? {
                      ...member,
                      accessLevel: change.accessLevel,
                      expiresAt:
                        change.expiresAt === undefined ? member.expiresAt : toCalendarDate(change.expiresAt),
                    }
                  : member,
              ),
            ]),
          ),
      ),
    failed,
    retry: () => setFailed(false),
  };
}

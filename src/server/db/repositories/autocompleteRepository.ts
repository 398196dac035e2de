import type { Executor } from '../executor.ts';
import type { IssueRow } from '../schema.ts';
import { type IssueReader, issueReadableBy } from './issueRepository.ts';
import { escapeLike } from './namespaceRepository.ts';

export interface IssueSuggestionQuery {
  /** Words of the title, or an iid (`12`). */
  readonly search: string;
  readonly confidentialOnly: boolean;
  readonly limit: number;
}

/**
 * Issues for the reference input's suggestions: in the given projects, only those the searcher may
 * read (confidential ones where they see all of them, or that they wrote or are assigned to),
 * matching the title or the iid, newest first.
 */
export function searchIssueSuggestions(
  db: Executor,
  searcher: IssueReader,
  query: IssueSuggestionQuery,
): Promise<IssueRow[]> {
  if (searcher.projectIds.length === 0) return Promise.resolve([]);
  let select = db.selectFrom('issues').selectAll().where(issueReadableBy(searcher));
  if (query.confidentialOnly) select = select.where('confidential', '=', true);
  const search = query.search.trim();
  if (search !== '') {
    const iid = /^#?(\d{1,9})$/.exec(search)?.[1];
    const pattern = `%${escapeLike(search)}%`;
    select = select.where((eb) =>
      iid === undefined
        ? eb('title', 'ilike', pattern)
        : eb.or([eb('iid', '=', Number(iid)), eb('title', 'ilike', pattern)]),
    );
  }
  return select.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).execute();
}

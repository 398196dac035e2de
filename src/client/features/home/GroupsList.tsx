import { type ListQuerySpec, pageLinks, useListQuery } from '../../components/filters/index.ts';
import { useHomeGroups } from '../../data/index.ts';
import { Alert, EmptyState, Loading, Pagination } from '../../ui/index.ts';
import { GroupRow } from '../groups/index.ts';

/** Only the cursors of the URL matter here. */
const HOME_SPEC: ListQuerySpec<'NAME'> = { sorts: [{ param: 'name', value: 'NAME', label: 'Name' }] };

/** The groups the visitor can see, a page at a time (the anonymous home page, and below a user's). */
export function GroupsList({ signedIn, signInPath }: { signedIn: boolean; signInPath: string }) {
  const { query, toSearch, navigate } = useListQuery(HOME_SPEC);
  const { data, loading, error } = useHomeGroups({ after: query.after, before: query.before });
  const links = data ? pageLinks(query, data.pageInfo) : { previous: null, next: null };
  return (
    <>
      <p className="page-subtitle groups-count">
        {data ? `${data.count} ${data.count === 1 ? 'group' : 'groups'} you can see` : 'Groups you can see'}
      </p>
      {error ? <Alert variant="danger">Something went wrong while fetching groups</Alert> : null}
      {!data ? (
        loading ? (
          <Loading label="Loading groups" />
        ) : null
      ) : data.items.length === 0 ? (
        <EmptyState title="There are no groups to show">
          {signedIn ? null : (
            <p>
              <a href={signInPath}>Sign in</a> to see the groups you are a member of.
            </p>
          )}
        </EmptyState>
      ) : (
        <ul className="entity-list" aria-label="Groups" data-testid="group-list">
          {data.items.map((group) => (
            <GroupRow key={group.id} group={group} showFullName />
          ))}
        </ul>
      )}
      <Pagination
        previous={links.previous ? toSearch(links.previous) : null}
        next={links.next ? toSearch(links.next) : null}
        onNavigate={navigate}
      />
    </>
  );
}

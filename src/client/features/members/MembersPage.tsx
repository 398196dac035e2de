import { pluralize } from '../../../core/domain/plural.ts';
import { groupMembersPath, projectMembersPath } from '../../../core/domain/webPaths.ts';
import { formatCalendarDate } from '../../../core/time/formatting.ts';
import { groupCrumbs, PageHeader, projectCrumbs } from '../../components/navigation/index.ts';
import { type Member, parseMembersPage, usePageSettled } from '../../data/index.ts';
import { Avatar, EmptyState, Icon, Pagination, useDocumentTitle } from '../../ui/index.ts';
import { MEMBERS_TEXTS } from './membersTexts.ts';

export interface MembersPageProps {
  readonly kind: 'group' | 'project';
  readonly fullPath: string;
  readonly name: string;
  /** The server's page of members (core/pages: MembersPageJson). */
  readonly members: string;
  readonly search: string;
}

/** The query string of another page of the same search. */
function pageSearch(search: string, page: number): string {
  const query = new URLSearchParams();
  if (search) query.set('search', search);
  if (page > 1) query.set('page', String(page));
  return query.toString();
}

/**
 * GitLab's members page, read-only: everyone with a membership on the group or project or on a
 * group above it, with their role, where it comes from and since when; searched by name or
 * username. Search and pages are the URL's and load with the page, as GitLab's do.
 */
export function MembersPage({ kind, fullPath, name, members, search }: MembersPageProps) {
  const page = parseMembersPage(members);
  usePageSettled(true);
  const title = kind === 'group' ? MEMBERS_TEXTS.groupTitle : MEMBERS_TEXTS.projectTitle;
  useDocumentTitle(title);
  const crumbs =
    kind === 'group'
      ? [...groupCrumbs(fullPath, null, name), { label: 'Members', href: groupMembersPath(fullPath) }]
      : [...projectCrumbs(fullPath, name), { label: 'Members', href: projectMembersPath(fullPath) }];
  const pages = Math.max(1, Math.ceil(page.total / page.perPage));
  const navigate = (query: string) => window.location.assign(query ? `?${query}` : window.location.pathname);
  return (
    <>
      <PageHeader crumbs={crumbs} title={title}>
        <p className="page-subtitle">
          {MEMBERS_TEXTS.viewing} <strong>{name || fullPath}</strong>.
        </p>
      </PageHeader>
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
        {search ? `${pluralize(page.total, 'member')} matching “${search}”` : pluralize(page.total, 'member')}
      </h2>
      {page.members.length === 0 ? (
        <EmptyState title={search ? MEMBERS_TEXTS.noMatches : MEMBERS_TEXTS.none} testId="members-empty" />
      ) : (
        <div className="table-scroll">
          <table className="data-table members-table" data-testid="members-table">
            <thead>
              <tr>
                <th scope="col">Account</th>
                <th scope="col">Source</th>
                <th scope="col">Role</th>
                <th scope="col">Member since</th>
                <th scope="col">Expiration</th>
              </tr>
            </thead>
            <tbody>
              {page.members.map((member) => (
                <MemberRow key={member.id} member={member} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        previous={page.page > 1 ? pageSearch(search, Math.min(page.page - 1, pages)) : null}
        next={page.page < pages ? pageSearch(search, page.page + 1) : null}
        onNavigate={navigate}
      />
    </>
  );
}

function MemberRow({ member }: { member: Member }) {
  return (
    <tr data-testid="member-row" data-username={member.username}>
      <td data-label="Account">
        <span className="member-account">
          <Avatar name={member.name} colorKey={member.username} size={32} />
          <span>
            <a className="member-name" href={member.userPath}>
              {member.name}
            </a>
            <span className="muted member-username">@{member.username}</span>
          </span>
        </span>
      </td>
      <td data-label="Source" data-testid="member-source">
        {member.direct ? (
          MEMBERS_TEXTS.direct
        ) : (
          <span>
            {MEMBERS_TEXTS.inheritedFrom}{' '}
            <a className="member-source-link" href={member.source.path}>
              {member.source.fullName}
            </a>
          </span>
        )}
      </td>
      <td data-label="Role" data-testid="member-role">
        {member.role}
      </td>
      <td data-label="Member since" className="cell-date">
        {member.memberSince ? formatCalendarDate(member.memberSince) : '—'}
      </td>
      <td data-label="Expiration" className="cell-date">
        {member.expiresAt ? (
          formatCalendarDate(member.expiresAt)
        ) : (
          <span className="muted">{MEMBERS_TEXTS.noExpiration}</span>
        )}
      </td>
    </tr>
  );
}

/**
 * GitLab's stage table: the issues or merge requests that went through the stage in the range, with
 * their author, when their last event happened and how long they took; sortable by Last event and
 * Duration (the server sorts), paged with Previous / Next.
 */
import { formatTimeAgo, formatTimestamp } from '../../../core/time/formatting.ts';
import type { StageRecord, StageSort } from '../../data/index.ts';
import { Avatar, Icon, Pagination } from '../../ui/index.ts';
import { ScrollArea } from './ScrollArea.tsx';
import { formatTotalTime } from './vsaFormat.ts';
import { serializeVsaQuery, type VsaQuery, withChange, withSort } from './vsaQuery.ts';
import { VSA_TEXT } from './vsaTexts.ts';

export function StageTable({
  records,
  subject,
  query,
  nextPage,
  now,
  onNavigate,
}: {
  records: readonly StageRecord[];
  /** The items' column header: 'Issues' or 'Merge requests'. */
  subject: string;
  query: VsaQuery;
  nextPage: number | null;
  now: Date;
  onNavigate: (search: string) => void;
}) {
  return (
    <>
      <ScrollArea className="vsa-table-scroll" label={subject}>
        <table className="vsa-table vsa-stage-table" data-testid="vsa-stage-table">
          <thead>
            <tr>
              <th scope="col">{subject}</th>
              <SortHeader
                column="end_event"
                text={VSA_TEXT.lastEvent}
                query={query}
                onNavigate={onNavigate}
              />
              <SortHeader column="duration" text={VSA_TEXT.duration} query={query} onNavigate={onNavigate} />
            </tr>
          </thead>
          <tbody>
            {records.map((record) => (
              <tr key={`${record.kind}-${record.id}`} data-testid="vsa-stage-row">
                <td className="vsa-record">
                  <a href={record.url} className="vsa-record-title" data-testid="vsa-record-title">
                    {record.title}
                  </a>
                  <span className="vsa-record-meta muted">
                    <span className="vsa-record-reference">{record.reference}</span>
                    {record.author ? (
                      <span className="vsa-record-author">
                        {VSA_TEXT.by}
                        <Avatar name={record.author.name} colorKey={record.author.username} size={16} />
                        <a href={record.author.webUrl}>{record.author.name}</a>
                      </span>
                    ) : null}
                  </span>
                </td>
                <td className="vsa-record-when">
                  {record.endEventAt ? (
                    <time dateTime={record.endEventAt} title={formatTimestamp(record.endEventAt)}>
                      {formatTimeAgo(record.endEventAt, now)}
                    </time>
                  ) : (
                    '-'
                  )}
                </td>
                <td className="vsa-record-duration" data-testid="vsa-record-duration">
                  {formatTotalTime(record.totalTime)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
      <Pagination
        previous={query.page > 1 ? serializeVsaQuery(withChange(query, { page: query.page - 1 })) : null}
        next={nextPage !== null ? serializeVsaQuery(withChange(query, { page: nextPage })) : null}
        onNavigate={onNavigate}
      />
    </>
  );
}

function SortHeader({
  column,
  text,
  query,
  onNavigate,
}: {
  column: StageSort;
  text: string;
  query: VsaQuery;
  onNavigate: (search: string) => void;
}) {
  const active = query.sort === column;
  const next = withSort(query, column);
  return (
    <th scope="col" aria-sort={active ? (query.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button
        type="button"
        className="vsa-sort"
        onClick={() => onNavigate(serializeVsaQuery(next))}
        aria-label={VSA_TEXT.sortBy(text, next.direction === 'asc' ? 'ascending' : 'descending')}
        data-testid={`vsa-sort-${column}`}
      >
        {text}
        {active ? <Icon name={query.direction === 'asc' ? 'arrowUp' : 'arrowDown'} size={12} /> : null}
      </button>
    </th>
  );
}

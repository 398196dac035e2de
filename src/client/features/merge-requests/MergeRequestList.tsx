import type { MergeRequestListItem } from '../../data/index.ts';
import { MergeRequestRow } from './MergeRequestRow.tsx';
import { MERGE_REQUEST_LIST_TEXT as TEXT } from './mergeRequestListSpec.ts';

/** The rows of a merge requests list: a list named for screen readers. */
export function MergeRequestList({
  items,
  fullReference,
  labelSearch,
  onNavigate,
}: {
  items: readonly MergeRequestListItem[];
  /** Name each by its project too (`group/project!12`): the list spans projects. */
  fullReference: boolean;
  labelSearch: (label: string) => string;
  onNavigate: (search: string) => void;
}) {
  return (
    <ul className="issuable-list" aria-label={TEXT.title} data-testid="merge-request-list">
      {items.map((mergeRequest) => (
        <MergeRequestRow
          key={mergeRequest.id}
          mergeRequest={mergeRequest}
          fullReference={fullReference}
          labelSearch={labelSearch}
          onNavigate={onNavigate}
        />
      ))}
    </ul>
  );
}

import type { LabelView } from '../../data/index.ts';
import { LabelChip, QueryLink } from '../../ui/index.ts';

/**
 * The labels of an issuable. With `filterLink`, each label is a link that adds it to the list's
 * label filter.
 */
export function LabelList({
  labels,
  filterLink,
}: {
  labels: readonly LabelView[];
  filterLink?: { search: (label: string) => string; onNavigate: (search: string) => void };
}) {
  if (labels.length === 0) return null;
  return (
    <ul className="label-list" aria-label="Labels">
      {labels.map((label) => (
        <li key={label.id}>
          {filterLink ? (
            <QueryLink
              className="label-link"
              search={filterLink.search(label.title)}
              onNavigate={filterLink.onNavigate}
              title={`Filter by label ${label.title}`}
              data-testid="label-filter-link"
            >
              <LabelChip {...label} />
            </QueryLink>
          ) : (
            <LabelChip {...label} />
          )}
        </li>
      ))}
    </ul>
  );
}

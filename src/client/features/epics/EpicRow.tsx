import { epicWebPath } from '../../../core/domain/webPaths.ts';
import {
  ConfidentialIcon,
  CreatedBy,
  formatDateRange,
  LabelList,
  StateBadge,
} from '../../components/issuable/index.ts';
import type { EpicListItem } from '../../data/index.ts';
import { Icon } from '../../ui/index.ts';

export function EpicRow({
  epic,
  listGroupPath,
  labelSearch,
  onNavigate,
}: {
  epic: EpicListItem;
  /** The group whose list this is: epics of subgroups show their full reference. */
  listGroupPath: string;
  labelSearch: (label: string) => string;
  onNavigate: (search: string) => void;
}) {
  const dates = formatDateRange(epic.startDate, epic.dueDate);
  const reference = epic.groupFullPath === listGroupPath ? epic.reference : epic.fullReference;
  return (
    <li className="issuable-row" data-testid="epic-row">
      <div className="issuable-main">
        <div className="issuable-title-line">
          {epic.confidential ? <ConfidentialIcon noun="epic" /> : null}
          <a
            className="issuable-title"
            href={epicWebPath(epic.groupFullPath, epic.iid)}
            data-testid="epic-title"
          >
            {epic.title}
          </a>
        </div>
        <div className="issuable-meta">
          <span className="issuable-reference" data-testid="epic-reference">
            {reference}
          </span>
          <span className="meta-separator" aria-hidden="true">
            ·
          </span>
          <CreatedBy createdAt={epic.createdAt} author={epic.author} />
          {dates ? (
            <span className="issuable-dates" data-testid="epic-dates">
              <Icon name="calendar" />
              <span className="sr-only">Dates: </span>
              {dates}
            </span>
          ) : null}
        </div>
        <LabelList labels={epic.labels} filterLink={{ search: labelSearch, onNavigate }} />
      </div>
      <div className="issuable-side">{epic.state === 'closed' ? <StateBadge state="closed" /> : null}</div>
    </li>
  );
}

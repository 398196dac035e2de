import { Icon } from '../../ui/index.ts';
import { SIDEBAR_TEXT } from './sidebarTexts.ts';

/** The warning beside a merge request's participant who cannot merge it (spec: "gets a warning icon"). */
export function CannotMergeIcon() {
  return (
    <span className="cannot-merge-icon" title={SIDEBAR_TEXT.cannotMerge} data-testid="cannot-merge-icon">
      <Icon name="warning" size={14} />
      <span className="sr-only">{SIDEBAR_TEXT.cannotMerge}</span>
    </span>
  );
}

/**
 * Display texts for issuables: health, visibility, counts (GitLab's wording). Dates and relative
 * times are formatted by src/core/time (the one place that does calendar work).
 */
import { HEALTH_STATUS_TEXT } from '../../../core/domain/healthStatus.ts';
import type { HealthStatus, Visibility } from '../../data/index.ts';
import type { BadgeVariant, IconName } from '../../ui/index.ts';

export {
  calendarDateOf,
  formatCalendarDate,
  formatDateRange,
  formatTimeAgo,
  formatTimestamp,
} from '../../../core/time/formatting.ts';

export const HEALTH_STATUS: Readonly<Record<HealthStatus, { text: string; variant: BadgeVariant }>> = {
  onTrack: { text: HEALTH_STATUS_TEXT.onTrack, variant: 'success' },
  needsAttention: { text: HEALTH_STATUS_TEXT.needsAttention, variant: 'warning' },
  atRisk: { text: HEALTH_STATUS_TEXT.atRisk, variant: 'danger' },
};

export const VISIBILITY: Readonly<Record<Visibility, { text: string; icon: IconName; description: string }>> =
  {
    private: {
      text: 'Private',
      icon: 'lock',
      description: 'Only members can see it.',
    },
    internal: {
      text: 'Internal',
      icon: 'shield',
      description: 'Any signed-in user can see it.',
    },
    public: {
      text: 'Public',
      icon: 'earth',
      description: 'Anyone can see it, signed in or not.',
    },
  };

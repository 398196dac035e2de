/**
 * What issuable pages and lists share: metadata badges and icons, label lists, the read-only detail
 * list, and display texts (health, visibility, dates).
 */
export { Detail, DetailList, None, PlainDescription } from './DetailList.tsx';
export {
  calendarDateOf,
  formatCalendarDate,
  formatDateRange,
  formatTimeAgo,
  formatTimestamp,
  HEALTH_STATUS,
  VISIBILITY,
} from './format.ts';
export {
  AssigneeAvatars,
  ConfidentialBadge,
  ConfidentialIcon,
  CreatedBy,
  HealthBadge,
  IssueTypeIcon,
  StateBadge,
  TimeAgo,
  VisibilityBadge,
  VisibilityIcon,
} from './IssuableMeta.tsx';
export { LabelList } from './LabelList.tsx';

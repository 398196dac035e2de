/**
 * What issuable pages and lists share: metadata badges and icons, label lists, the read-only detail
 * list and display texts; and the title and description an issuable page mounts: IssuableBody
 * (polling, inline editor with drafts and concurrent-edit handling, task lists, sticky header) and
 * the close / reopen toggle, generic over the issuable through an IssuableTextClient from data/.
 * The pieces IssuableBody is made of are exported too, for a page that lays them out otherwise.
 */
export {
  DeleteIssuableDialog,
  type DeleteIssuableTexts,
  IssuableDeleteSection,
} from './DeleteIssuableDialog.tsx';
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
export { IssuableBody, type IssuableBodyProps, type TaskToConvert } from './IssuableBody.tsx';
export { IssuableDescription } from './IssuableDescription.tsx';
export { IssuableEditForm } from './IssuableEditForm.tsx';
export {
  AssigneeAvatars,
  ConfidentialBadge,
  ConfidentialIcon,
  CreatedBy,
  DiscussionLockedBadge,
  DueDateBadge,
  HealthBadge,
  HIDDEN_ISSUE_TEXT,
  HiddenIssueBadge,
  IssueTypeIcon,
  ReviewerAvatars,
  StateBadge,
  TimeAgo,
  VisibilityBadge,
  VisibilityIcon,
} from './IssuableMeta.tsx';
export { ISSUABLE_TEXT, updateErrorText } from './issuableTexts.ts';
export { LabelList } from './LabelList.tsx';
export { MarkdownField } from './MarkdownField.tsx';
export { MarkdownUploadsContext } from './markdownUploads.ts';
export { StickyTitle } from './StickyTitle.tsx';
export { TemplateSelector, type TemplateSelectorProps } from './TemplateSelector.tsx';
export { TEMPLATE_TEXT } from './templateTexts.ts';
export { GfmSourcesContext } from './useGfmAutocomplete.ts';
export { type EditorForm, type IssuableEditor, useIssuableEditor } from './useIssuableEditor.ts';
export { type IssuablePolling, useIssuablePolling } from './useIssuablePolling.ts';
export { ISSUABLE_CHANGE_EVENT, type IssuableStatus, useIssuableStatus } from './useIssuableStatus.ts';

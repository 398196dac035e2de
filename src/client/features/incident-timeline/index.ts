/** An incident's timeline (its Timeline tab), mounted by the incident page's tabs. */
export { TimelineTab, type TimelineTabProps } from './TimelineTab.tsx';
export { TIMELINE_TEXT } from './timelineTexts.ts';

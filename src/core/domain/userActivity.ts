import { epicWebPath, issueWebPath } from './webPaths.ts';

/** What a profile's Activity shows a contribution as (GitLab's `action_name`). */
export type ActivityActionName = 'opened' | 'commented on' | 'closed' | 'reopened';

/** One contribution event as the profile's Activity lists it (`/users/:username/activity.json`). */
export interface ActivityEventView {
  /** Stable and unique across the derived events (see userActivityRepository's id encoding). */
  readonly id: number;
  readonly action: ActivityActionName;
  readonly targetKind: 'issue' | 'epic';
  /** `#12` for an issue, `&5` for an epic. */
  readonly reference: string;
  readonly title: string;
  /** The project's or the group's full path ("at group/project"). */
  readonly placePath: string;
  /** The item's page; a comment's note anchor (`#note_<id>`) included. */
  readonly webPath: string;
  /** ISO 8601. */
  readonly createdAt: string;
  /** A comment's first words, as plain text ('' for the other events). */
  readonly excerpt: string;
}

/** One page of them, and whether another follows. */
export interface ActivityPageView {
  readonly events: readonly ActivityEventView[];
  readonly nextPage: number | null;
}

const EXCERPT_LENGTH = 140;

/**
 * A comment's first words for the activity feed: GitLab shows the note's text without its markup,
 * cut short. Code fences, images, link targets and emphasis marks go; the words stay.
 */
export function commentExcerpt(markdown: string): string {
  const text = markdown
    .replace(/```[\s\S]*?(```|$)/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_~`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : text;
}

/** Where an event links: the issue or epic, at the comment when it is one. */
export function activityWebPath(
  targetKind: 'issue' | 'epic',
  placePath: string,
  iid: number,
  noteId: number | null,
): string {
  const item = targetKind === 'issue' ? issueWebPath(placePath, iid) : epicWebPath(placePath, iid);
  return noteId === null ? item : `${item}#note_${noteId}`;
}

import { createHash } from 'node:crypto';
import { epicWebPath, userPath } from '../../../core/domain/webPaths.ts';
import type { EpicIssuable } from '../../services/epicIssuableService.ts';
import {
  MARKDOWN_RENDERER_VERSION,
  renderMarkdown,
  renderTitleHtml,
} from '../../services/markdown/markdownRenderer.ts';

/**
 * What GitLab's realtime_changes returns: rendered and raw title and description, task status,
 * lock_version and the last edit. `updated_*` are null until someone edits the epic.
 */
export function realtimeChangesJson({ epic, lastEditor }: EpicIssuable) {
  const description = renderMarkdown(epic.description);
  return {
    title: renderTitleHtml(epic.title),
    title_text: epic.title,
    description: description.html,
    description_text: epic.description,
    task_status: description.taskStatus,
    task_completion_status: { count: description.tasks.total, completed_count: description.tasks.completed },
    lock_version: epic.lock_version,
    updated_at: epic.last_edited_at?.toISOString() ?? null,
    updated_by_name: lastEditor?.name ?? null,
    updated_by_path: lastEditor ? userPath(lastEditor.username) : null,
  };
}

/**
 * The update endpoint's answer: the realtime fields plus where the epic lives (its page's path, which
 * the client compares with location.pathname after a save) and its state.
 */
export function issuableUpdateJson(issuable: EpicIssuable) {
  const { group, epic } = issuable;
  return {
    ...realtimeChangesJson(issuable),
    web_url: epicWebPath(group.full_path, epic.iid),
    state: epic.state,
  };
}

/**
 * A validator for realtime_changes computed without rendering: every save bumps lock_version and
 * updated_at, the editor's name may change on its own, and a new renderer renders differently.
 */
export function realtimeChangesEtag({ epic, lastEditor }: EpicIssuable): string {
  const key = [
    MARKDOWN_RENDERER_VERSION,
    epic.id,
    epic.lock_version,
    epic.updated_at.getTime(),
    epic.last_edited_at?.getTime() ?? '',
    lastEditor?.username ?? '',
    lastEditor?.name ?? '',
  ].join('\u0000');
  return `W/"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;
}

/** Whether an If-None-Match header names this ETag (weak comparison, lists and `*` allowed). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

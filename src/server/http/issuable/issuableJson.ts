import { createHash } from 'node:crypto';
import { scanReferences } from '../../../core/domain/gfmReferences.ts';
import { epicWebPath, issueWebPath, mergeRequestWebPath, userPath } from '../../../core/domain/webPaths.ts';
import type { EpicRow, IssueRow, MergeRequestRow, UserRow } from '../../db/schema.ts';
import type { EpicIssuable } from '../../services/epicIssuableService.ts';
import type { IssueIssuable } from '../../services/issues/issueIssuable.ts';
import {
  MARKDOWN_RENDERER_VERSION,
  type RenderedMarkdown,
  renderTitleHtml,
} from '../../services/markdown/markdownRenderer.ts';
import type { MarkdownContext } from '../../services/markdown/referenceRendering.ts';
import type { MergeRequestIssuable } from '../../services/mergeRequests/mergeRequestIssuable.ts';

type TextRow = Pick<
  EpicRow & IssueRow,
  'id' | 'title' | 'description' | 'lock_version' | 'updated_at' | 'last_edited_at'
> & { readonly state: (EpicRow | IssueRow | MergeRequestRow)['state'] };

/** What the issuable view edits of an epic or an issue, who edited it last, and its page. */
export interface IssuableText {
  readonly row: TextRow;
  readonly lastEditor: UserRow | null;
  readonly webPath: string;
  /** Where the description's references resolve: the issue's project or the epic's group. */
  readonly context: MarkdownContext;
  /** An issue's type (issue, incident, …), which the issue's edit form changes; epics have none. */
  readonly issueType?: string;
}

export const epicText = ({ group, epic, lastEditor }: EpicIssuable): IssuableText => ({
  row: epic,
  lastEditor,
  webPath: epicWebPath(group.full_path, epic.iid),
  context: { group },
});

export const mergeRequestText = ({
  project,
  namespace,
  mergeRequest,
  lastEditor,
}: MergeRequestIssuable): IssuableText => ({
  row: mergeRequest,
  lastEditor,
  webPath: mergeRequestWebPath(project.full_path, mergeRequest.iid),
  context: { project, namespace },
});

export const issueText = ({ project, namespace, issue, lastEditor }: IssueIssuable): IssuableText => ({
  row: issue,
  lastEditor,
  webPath: issueWebPath(project.full_path, issue.iid),
  context: { project, namespace },
  issueType: issue.issue_type,
});

/**
 * What GitLab's realtime_changes returns: rendered and raw title and description, task status,
 * lock_version and the last edit; for an issue its `issue_type` too. `updated_*` are null until someone edits the epic or issue.
 * `description` is the description rendered for the reader (renderMarkdownFor).
 */
export function realtimeChangesJson(
  { row: epic, lastEditor, issueType }: IssuableText,
  description: RenderedMarkdown,
) {
  return {
    ...(issueType === undefined ? {} : { issue_type: issueType }),
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
export function issuableUpdateJson(text: IssuableText, description: RenderedMarkdown) {
  return { ...realtimeChangesJson(text, description), web_url: text.webPath, state: text.row.state };
}

/** Who reads, as far as the rendered description depends on it. */
export interface EtagReader {
  readonly userId: number | null;
  /** The data version (a number bumped by every write), read only when the description needs it. */
  readonly dataVersion: () => Promise<string>;
}

/**
 * A validator for realtime_changes computed without rendering: every save bumps lock_version and
 * updated_at, the editor's name may change on its own, and a new renderer renders differently.
 * References render per reader and show other items' titles and states, which change without this
 * item changing: so the reader is part of the key, and a description that may hold references
 * follows the data version too.
 */
export async function realtimeChangesEtag(
  { row: epic, lastEditor }: IssuableText,
  reader: EtagReader,
): Promise<string> {
  const mayReference = scanReferences(epic.description).length > 0;
  const key = [
    MARKDOWN_RENDERER_VERSION,
    reader.userId ?? '',
    mayReference ? await reader.dataVersion() : '',
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

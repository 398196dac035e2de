/**
 * The merge request page's REST calls, as GitLab's own merge request widget makes them: approving
 * and revoking an approval (`POST …/approve`, `…/unapprove`) and the issues a merge closes
 * (`GET …/closes_issues`). Everything else the page reads through GraphQL.
 */
import { mergeRequestApiPath } from '../../../core/domain/webPaths.ts';
import { err, ok, type Result } from '../../../core/lib/result.ts';
import { getJsonArray, isObject, type Json, sendJson, str } from '../restJson.ts';

/** An issue the merge request closes when it merges, as the widget lists it. */
export interface ClosingIssueView {
  readonly id: number;
  readonly reference: string;
  readonly title: string;
  readonly state: 'opened' | 'closed';
  readonly webUrl: string;
}

function toClosingIssue(json: Json): ClosingIssueView | null {
  const references = isObject(json.references) ? json.references : {};
  const id = typeof json.id === 'number' ? json.id : null;
  const title = str(json.title);
  const webUrl = str(json.web_url);
  if (id === null || title === null || webUrl === null) return null;
  return {
    id,
    reference: str(references.relative) ?? str(references.short) ?? `#${String(json.iid)}`,
    title,
    state: json.state === 'closed' ? 'closed' : 'opened',
    webUrl,
  };
}

export async function fetchClosingIssues(
  projectId: string,
  iid: string,
  signal: AbortSignal,
): Promise<ClosingIssueView[]> {
  const list = await getJsonArray(mergeRequestApiPath(projectId, iid, 'closes_issues'), signal);
  return list.flatMap((json) => toClosingIssue(json) ?? []);
}

/** Approves (`approved`) or revokes the viewer's approval; the server's message on failure. */
export async function setApproval(
  projectId: string,
  iid: string,
  approved: boolean,
): Promise<Result<void, string>> {
  try {
    await sendJson('POST', mergeRequestApiPath(projectId, iid, approved ? 'approve' : 'unapprove'));
    return ok(undefined);
  } catch (error) {
    return err(error instanceof Error ? error.message : String(error));
  }
}

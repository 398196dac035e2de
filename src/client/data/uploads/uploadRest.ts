import { csrfHeaders } from '../csrf.ts';
import { failureMessage, isObject, str } from '../restJson.ts';

/** What an attached file puts into the text (GitLab's uploads API `markdown`). */
export interface AttachedFile {
  readonly markdown: string;
  readonly fullPath: string;
}

/**
 * Sends one file to a project's or group's uploads (`POST …/uploads`, multipart `file`) with the
 * session and its CSRF token; rejects with the server's message when it refuses (413 past the
 * instance's limit).
 */
export async function uploadMarkdownFile(uploadsPath: string, file: File): Promise<AttachedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await fetch(uploadsPath, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...csrfHeaders() },
    body: form,
  });
  if (!response.ok) throw new Error(await failureMessage(response));
  const body: unknown = await response.json();
  const markdown = isObject(body) ? str(body.markdown) : null;
  const fullPath = isObject(body) ? str(body.full_path) : null;
  if (markdown === null || fullPath === null) throw new Error('The server did not answer an upload');
  return { markdown, fullPath };
}

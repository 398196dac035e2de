/**
 * An incident's metric images over GitLab's REST API (`/projects/:id/issues/:iid/metric_images`),
 * with the session cookie and the CSRF token. Uploads go through XMLHttpRequest, the one browser
 * API that reports upload progress. Errors carry the server's message word for word.
 */
import { metricImagesApiPath } from '../../../core/domain/webPaths.ts';
import { csrfHeaders, jsonWriteHeaders } from '../csrf.ts';
import { apiErrorText } from '../epics/epicRest.ts';
import { isObject, type Json, str } from '../restJson.ts';
import type { MetricImage } from '../types.ts';

export interface MetricImageLinkFields {
  readonly url: string;
  readonly urlText: string;
}

export function toMetricImage(json: Json): MetricImage | null {
  const id = json.id;
  const filePath = str(json.file_path);
  if (typeof id !== 'number' || !filePath) return null;
  return {
    id,
    filename: str(json.filename) ?? '',
    filePath,
    url: str(json.url) || null,
    urlText: str(json.url_text) || null,
  };
}

async function answerOf(response: Response): Promise<unknown> {
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new Error(apiErrorText(body, response.status));
  return body;
}

export async function fetchMetricImages(
  projectId: string | number,
  iid: string | number,
  signal?: AbortSignal,
): Promise<MetricImage[]> {
  const response = await fetch(metricImagesApiPath(projectId, iid), {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  const body = await answerOf(response);
  if (!Array.isArray(body)) throw new Error('The server answered no list of images.');
  return body.filter(isObject).flatMap((json) => toMetricImage(json) ?? []);
}

/**
 * Uploads one image with its link, calling `onProgress` with the share sent (0 to 1). Resolves with
 * the stored image; rejects with the server's message, or when `signal` aborts.
 */
export function uploadMetricImage(
  projectId: string | number,
  iid: string | number,
  file: File,
  link: MetricImageLinkFields,
  onProgress: (sent: number) => void,
  signal?: AbortSignal,
): Promise<MetricImage> {
  const form = new FormData();
  if (link.url) form.append('url', link.url);
  if (link.urlText) form.append('url_text', link.urlText);
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', metricImagesApiPath(projectId, iid));
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(csrfHeaders())) request.setRequestHeader(name, value);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // Not JSON: the status says what happened.
      }
      if (request.status < 200 || request.status >= 300) {
        reject(new Error(apiErrorText(body, request.status)));
        return;
      }
      const image = isObject(body) ? toMetricImage(body) : null;
      if (image) resolve(image);
      else reject(new Error('The server answered no image.'));
    });
    request.addEventListener('error', () =>
      reject(new Error('The upload failed: the server could not be reached.')),
    );
    request.addEventListener('abort', () => reject(signal?.reason ?? new Error('The upload was cancelled.')));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

export async function updateMetricImage(
  projectId: string | number,
  iid: string | number,
  imageId: number,
  link: MetricImageLinkFields,
): Promise<MetricImage> {
  const response = await fetch(metricImagesApiPath(projectId, iid, imageId), {
    method: 'PUT',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...jsonWriteHeaders() },
    body: JSON.stringify({ url: link.url, url_text: link.urlText }),
  });
  const body = await answerOf(response);
  const image = isObject(body) ? toMetricImage(body) : null;
  if (!image) throw new Error('The server answered no image.');
  return image;
}

export async function deleteMetricImage(
  projectId: string | number,
  iid: string | number,
  imageId: number,
): Promise<void> {
  const response = await fetch(metricImagesApiPath(projectId, iid, imageId), {
    method: 'DELETE',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...csrfHeaders() },
  });
  if (!response.ok) await answerOf(response);
}

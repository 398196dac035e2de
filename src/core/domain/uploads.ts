/**
 * GitLab's markdown uploads: a file dropped, pasted or attached in a description or comment is kept
 * with its project or group under a random secret, and the text gets a link to it (an image shows).
 */
import { imageTypeOf } from './metricImages.ts';
import { formatCount } from './plural.ts';

/** Whose uploads: a project's (issues) or a group's (epics). */
export type UploadOwnerKind = 'project' | 'group';

/** GitLab's `max_attachment_size` default, in MiB. */
export const DEFAULT_MAX_ATTACHMENT_SIZE_MIB = 100;
/** The most an administrator may allow, in MiB: beyond it a request is a transfer, not an attachment. */
export const MAX_ATTACHMENT_SIZE_LIMIT_MIB = 1024;
export const MIB = 1024 * 1024;

/** The secret's length: 32 hexadecimal characters, as GitLab's. */
export const UPLOAD_SECRET_PATTERN = /^[0-9a-f]{32}$/;

/** Where an upload is served (GitLab's `full_path`): by the owner's id, so a rename keeps it. */
export const uploadFullPath = (kind: UploadOwnerKind, ownerId: number, secret: string, filename: string) =>
  `/-/${kind}/${ownerId}/uploads/${secret}/${encodeURIComponent(filename)}`;

/** GitLab's `url`: the path below the owner. */
export const uploadUrl = (secret: string, filename: string) =>
  `/uploads/${secret}/${encodeURIComponent(filename)}`;

/** The link's text: the name without its extension (GitLab's `alt`). */
export const uploadAlt = (filename: string): string => filename.replace(/\.[^.]*$/, '') || filename;

/** Markdown escapes in a link's text: brackets and backslashes would end or bend it. */
const escapeLinkText = (text: string): string => text.replace(/[[\]\\]/g, (char) => `\\${char}`);

/** What goes into the text: an image for an image, else a link named by the file. */
export function uploadMarkdown(filename: string, fullPath: string, isImage: boolean): string {
  return isImage
    ? `![${escapeLinkText(uploadAlt(filename))}](${fullPath})`
    : `[${escapeLinkText(filename)}](${fullPath})`;
}

/** Whether the bytes are an image a browser may show inline (PNG, JPEG, GIF, WebP; never SVG). */
export const isInlineImage = (head: Uint8Array): boolean => imageTypeOf(head) !== null;

/** Sizes as the messages name them: `12.5 MiB`. */
export const formatMiB = (bytes: number): string => `${formatCount(Math.round((bytes / MIB) * 10) / 10)} MiB`;

export const UPLOAD_TEXTS = {
  /** Dropzone's words, which GitLab's editor shows. */
  tooLarge: (bytes: number, maxMiB: number) =>
    `File is too big (${formatMiB(bytes)}). Max filesize: ${formatCount(maxMiB)} MiB.`,
  /** The API's refusal past the limit (GitLab's `413 Request Entity Too Large`). */
  tooLargeApi: '413 Request Entity Too Large',
  attach: 'Attach a file or image',
  uploading: (name: string) => `Uploading ${name}…`,
  failed: (name: string, reason: string) => `${name} could not be attached: ${reason}`,
  attached: (name: string) => `${name} attached.`,
} as const;

/**
 * The key of a blob in the file store: an upload's owner, secret and name; a metric image's id and
 * file. The same key on every Geo site, so a secondary stores what it copies where the primary does.
 */
export const uploadStoreKey = (kind: UploadOwnerKind, ownerId: number, secret: string, filename: string) =>
  `${kind}/${ownerId}/${secret}/${filename}`;
export const metricImageStoreKey = (id: number, file: string) =>
  `-/system/issuable_metric_image/file/${id}/${file}`;

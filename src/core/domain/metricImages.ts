/**
 * GitLab's rules for an incident's metric images (`IssuableMetricImage`, `MetricImageUploading`):
 * which files are images, how their names are kept, and how long the link and its text may be.
 */

export type MetricImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/** GitLab's limit (`MAX_FILE_SIZE = 1.megabyte`); a server may be configured otherwise. */
export const DEFAULT_METRIC_IMAGE_MAX_BYTES = 1024 * 1024;
export const METRIC_IMAGE_URL_MAX = 255;
export const METRIC_IMAGE_URL_TEXT_MAX = 128;
/** Enough leading bytes to tell every accepted type apart. */
export const IMAGE_SIGNATURE_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

/**
 * The image type the bytes begin with (their magic number), or null: PNG, JPEG, GIF and WebP only.
 * SVG is text that may carry script, so it is never an image here, whatever its name says.
 */
export function imageTypeOf(head: Uint8Array): MetricImageType | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** The name extensions GitLab's uploader accepts for these types. */
const EXTENSIONS: Readonly<Record<MetricImageType, readonly string[]>> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
};

export const METRIC_IMAGE_TYPE_ERROR =
  'File does not have a supported extension. Only png, jpg, jpeg, gif, and webp are supported';

/** Whether a file's name ends with an extension of the type its bytes show. */
export function extensionMatches(filename: string, type: MetricImageType): boolean {
  const extension = /\.([^.]+)$/.exec(filename)?.[1]?.toLowerCase();
  return extension !== undefined && EXTENSIONS[type].includes(extension);
}

/**
 * A file name as GitLab's uploader (CarrierWave) keeps it: the last path segment, every character
 * outside letters, digits, `.`, `-`, `+` and `_` replaced by `_`, and at most 255 characters with
 * the extension kept. Empty or dot-only names become `file`.
 */
export function sanitizedFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  let clean = base.replace(/[^a-zA-Z0-9.\-+_]/g, '_');
  if (/^\.*$/.test(clean)) clean = 'file';
  if (clean.length <= 255) return clean;
  const extension = /\.[a-zA-Z0-9]{1,10}$/.exec(clean)?.[0] ?? '';
  return clean.slice(0, 255 - extension.length) + extension;
}

/** GitLab's checks on a metric image's link: a web address of at most 255 characters. */
export function metricImageUrlError(url: string): string | null {
  if (url.length > METRIC_IMAGE_URL_MAX) return `is too long (maximum is ${METRIC_IMAGE_URL_MAX} characters)`;
  // A scheme of http or https and a host: what GitLab's URL validator lets through.
  if (!/^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i.test(url))
    return 'is blocked: Only allowed schemes are http, https';
  return null;
}

export function metricImageUrlTextError(text: string): string | null {
  return text.length > METRIC_IMAGE_URL_TEXT_MAX
    ? `is too long (maximum is ${METRIC_IMAGE_URL_TEXT_MAX} characters)`
    : null;
}

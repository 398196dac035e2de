import { REFERENCE_PREFIX } from './references.ts';

/**
 * Parsing of the references people paste into the add-existing and related-items forms: `&5`,
 * `group/path&5` or an epic URL for epics; `#12`, `project#12`, `group/project#12` or an issue URL
 * for issues; `!3`, `group/project!3` or a merge request URL for merge requests (GitLab's reference and URL filters, reduced to what these forms accept).
 */
export interface ParsedReference {
  readonly kind: 'epic' | 'issue' | 'merge_request';
  /**
   * The group (epics) or project (issues) path the reference names, as written: a full path, or for
   * issues possibly a project path relative to the context's namespace. Null when the reference
   * names none and means the context's own (`&5`, `#12`).
   */
  readonly path: string | null;
  /** The epic's or issue's iid, a positive whole number (the caller checks the database's range). */
  readonly iid: number;
}

/**
 * A group or project path: segments of letters, digits, `_`, `-` and `.` that do not end in `.`
 * (GitLab's namespace path rule, which also keeps `.` and `..` out), joined by `/`.
 */
const SEGMENT = String.raw`(?:[A-Za-z0-9_.][A-Za-z0-9_.\-]*[A-Za-z0-9_\-]|[A-Za-z0-9_])`;
const PATH = `${SEGMENT}(?:/${SEGMENT})*`;
const IID = '[0-9]{1,15}';

const SHORT_REFERENCE = {
  epic: new RegExp(`^(${PATH})?${REFERENCE_PREFIX.epic}(${IID})$`),
  issue: new RegExp(`^(${PATH})?${REFERENCE_PREFIX.issue}(${IID})$`),
  merge_request: new RegExp(`^(${PATH})?${REFERENCE_PREFIX.merge_request}(${IID})$`),
} as const;

/** The path part of an epic's or an issue's page URL (GitLab's routes). */
const URL_PATH = {
  epic: new RegExp(`^/groups/(${PATH})/-/epics/(${IID})/?$`),
  issue: new RegExp(`^/(${PATH}/${SEGMENT})/-/(?:issues|work_items)/(${IID})/?$`),
  merge_request: new RegExp(`^/(${PATH}/${SEGMENT})/-/merge_requests/(${IID})/?$`),
} as const;

function fromMatch(kind: ParsedReference['kind'], match: RegExpExecArray | null): ParsedReference | null {
  if (!match) return null;
  const iid = Number(match[2]);
  if (!Number.isSafeInteger(iid) || iid < 1) return null;
  return { kind, path: match[1] ?? null, iid };
}

/** The pathname of an absolute http(s) URL or of a path starting with `/`; null for anything else. */
function urlPathname(text: string): string | null {
  if (text.startsWith('/') && !text.startsWith('//')) {
    return text.split(/[?#]/, 1)[0] ?? null;
  }
  if (!/^https?:\/\//i.test(text)) return null;
  try {
    return decodeURIComponent(new URL(text).pathname);
  } catch {
    return null;
  }
}

/** One reference of the given kind, or null when the text is not one. */
export function parseReference(text: string, kind: ParsedReference['kind']): ParsedReference | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const short = fromMatch(kind, SHORT_REFERENCE[kind].exec(trimmed));
  if (short) return short;
  const pathname = urlPathname(trimmed);
  return pathname === null ? null : fromMatch(kind, URL_PATH[kind].exec(pathname));
}

/**
 * The references in typed or pasted text (spec, "Add existing"): split on any whitespace,
 * empty entries dropped. Each entry is kept as written (`&5`, `group/path#12`, a URL).
 */
export function splitReferences(text: string): string[] {
  return text.split(/\s+/).filter((entry) => entry !== '');
}

/**
 * `pending` followed by each entry of `incoming` it does not hold yet, in their order: a
 * reference is pending at most once (spec: "each is deduplicated").
 */
export function addPendingReferences(pending: readonly string[], incoming: readonly string[]): string[] {
  const seen = new Set(pending);
  const merged = [...pending];
  for (const reference of incoming) {
    if (seen.has(reference)) continue;
    seen.add(reference);
    merged.push(reference);
  }
  return merged;
}

/**
 * The entries of a pasted list (each value may hold several): split as splitReferences does,
 * duplicates ignored (spec, "Add existing"), at most `limit` of them so that one request cannot
 * ask for thousands.
 */
export function referenceList(values: readonly string[], limit = 100): string[] {
  return addPendingReferences([], values.flatMap(splitReferences)).slice(0, limit);
}

/**
 * Merge requests as the product tracks them (there is no repository: a merge records who merged and
 * when). Drafts, closing patterns and the merge status are GitLab's rules, kept here so the server's
 * checks and the page's controls agree.
 */

export const MERGE_REQUEST_STATES = ['opened', 'closed', 'locked', 'merged'] as const;
export type MergeRequestState = (typeof MERGE_REQUEST_STATES)[number];

/**
 * A draft's title prefix: GitLab's `[Draft]`, `(Draft)` or `Draft:`, any case, repeated, with the
 * blanks after it (MergeRequest::DRAFT_REGEX).
 */
const DRAFT_PREFIX = /^\s*(?:\[draft\]|\(draft\)|draft:)(?:\s*(?:\[draft\]|\(draft\)|draft:))*\s*/i;

export const isDraftTitle = (title: string): boolean => DRAFT_PREFIX.test(title);

/** The title without its draft prefix (GitLab's draftless_title). */
export const draftlessTitle = (title: string): string => title.replace(DRAFT_PREFIX, '');

/** The title marked as a draft, as GitLab's "Mark as draft" writes it. */
export const draftTitle = (title: string): string => `Draft: ${draftlessTitle(title)}`;

/** Characters git refuses in a ref name (git check-ref-format), besides control characters. */
const BRANCH_FORBIDDEN = /[\s~^:?*[\\]/;

/**
 * A branch name git would accept (git check-ref-format, as GitLab validates source and target
 * branches): 1–255 characters, no blanks, control characters or `~^:?*[\`, no `..`, `//` or `@{`, not
 * starting with `-` or `/`, not ending with `/`, `.` or `.lock`.
 */
export function isValidBranchName(name: string): boolean {
  if (name.length === 0 || name.length > 255) return false;
  if (BRANCH_FORBIDDEN.test(name)) return false;
  for (const char of name) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f) return false;
  }
  if (name.includes('..') || name.includes('//') || name.includes('@{')) return false;
  if (name.startsWith('-') || name.startsWith('/')) return false;
  return !(name.endsWith('/') || name.endsWith('.') || name.endsWith('.lock') || name === '@');
}

/**
 * Why a merge request can or cannot merge: GitLab's detailed_merge_status values that arise without a
 * repository or pipelines.
 */
export type DetailedMergeStatus =
  | 'not_open'
  | 'draft_status'
  | 'discussions_not_resolved'
  | 'broken_status'
  | 'mergeable';

export interface MergeabilityFacts {
  readonly state: MergeRequestState;
  readonly title: string;
  /** False when the branch conflicts with its target. */
  readonly canMerge: boolean;
  /** Threads left unresolved (GitLab blocks the merge while "All threads must be resolved" is on). */
  readonly unresolvedThreads: number;
  readonly onlyAllowMergeIfAllDiscussionsAreResolved: boolean;
}

export function detailedMergeStatus(facts: MergeabilityFacts): DetailedMergeStatus {
  if (facts.state !== 'opened') return 'not_open';
  if (isDraftTitle(facts.title)) return 'draft_status';
  if (!facts.canMerge) return 'broken_status';
  if (facts.onlyAllowMergeIfAllDiscussionsAreResolved && facts.unresolvedThreads > 0) {
    return 'discussions_not_resolved';
  }
  return 'mergeable';
}

/** GitLab's deprecated merge_status, derived from the same facts. */
export const mergeStatus = (facts: Pick<MergeabilityFacts, 'canMerge'>) =>
  facts.canMerge ? 'can_be_merged' : 'cannot_be_merged';

/** What the merge widget says when a merge request cannot merge yet (GitLab's wording). */
export const MERGE_BLOCKED_TEXT: Readonly<Record<Exclude<DetailedMergeStatus, 'mergeable'>, string>> = {
  not_open: 'Merge request is not open.',
  draft_status: "Merge blocked: merge request must be marked as ready. It's still marked as draft.",
  discussions_not_resolved: 'Merge blocked: all threads must be resolved.',
  broken_status: 'Merge blocked: merge conflicts must be resolved.',
};

/** An issue a closing pattern names: `#12`, `group/project#12`, or an issue URL's path and iid. */
export interface ClosingReference {
  /** The project path as written (full, or relative to the namespace), null for the context's own. */
  readonly path: string | null;
  readonly iid: number;
}

const SEGMENT = String.raw`(?:[A-Za-z0-9_][A-Za-z0-9_.\-]*[A-Za-z0-9_\-]|[A-Za-z0-9_])`;
const PATH = `${SEGMENT}(?:/${SEGMENT})*`;
const ISSUE_REF = String.raw`(?:(${PATH})?#([0-9]{1,15})|https?://[^\s/]+/(${PATH})/-/(?:issues|work_items)/([0-9]{1,15}))`;
/**
 * GitLab's default closing pattern: a verb (close, fix, resolve, implement in their forms), an
 * optional colon, then one or more issue references joined by commas, blanks or "and".
 */
const CLOSING_PATTERN = new RegExp(
  String.raw`\b(?:[Cc]los(?:e[sd]?|ing)|[Ff]ix(?:e[sd]|ing)?|[Rr]esolv(?:e[sd]?|ing)|[Ii]mplement(?:s|ed|ing)?):? +((?:(?:issues? +)?${ISSUE_REF.replace(/\((?!\?)/g, '(?:')}(?: *,? +and +| *,? *)?)+)`,
  'g',
);
const ONE_REF = new RegExp(ISSUE_REF, 'g');

/** Inline code and fenced blocks say nothing: a pattern inside them closes nothing. */
const CODE = /```[\s\S]*?```|`[^`\n]*`/g;

/**
 * The issues a description says the merge request closes, each once, in the order written.
 * `Closes #12 and #14`, `Fixes: group/project#3`, `Resolves https://host/group/project/-/issues/7`.
 */
export function closingReferences(description: string): ClosingReference[] {
  const found: ClosingReference[] = [];
  const seen = new Set<string>();
  const text = description.replace(CODE, ' ');
  for (const match of text.matchAll(CLOSING_PATTERN)) {
    for (const ref of (match[1] ?? '').matchAll(ONE_REF)) {
      const path = ref[1] ?? ref[3] ?? null;
      const iid = Number(ref[2] ?? ref[4]);
      if (!Number.isSafeInteger(iid) || iid < 1) continue;
      const key = `${path ?? ''}#${iid}`;
      if (seen.has(key)) continue;
      seen.add(key);
      found.push({ path, iid });
    }
  }
  return found;
}

/** The label of an issuable's time: 'Created' when open, 'Merged' when merged, otherwise 'Closed'. */
export function issuableTimeLabel(state: string): 'Created' | 'Merged' | 'Closed' {
  if (state === 'merged') return 'Merged';
  return state === 'opened' || state === 'reopened' ? 'Created' : 'Closed';
}

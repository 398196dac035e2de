/**
 * GitLab-flavoured references in running text, as GitLab's reference filters find them: `#12` and
 * `group/project#12` (issues), `&5` and `group/path&5` (epics), `!3` and `group/project!3` (merge
 * requests), `~bug`, `~"two words"` and `~12`
 * (labels by title or id), `%v1.0`, `%"two words"` and `%3` (milestones by title or iid), and
 * `@username` / `@group/path` mentions. Pure scanning: whether a reference names anything, and
 * whether the reader may see it, is the server's question.
 *
 * The text given is plain text (one markdown text run): the markdown renderer hands over only text
 * outside code and links, so code spans and existing links never reach this scanner.
 */
export type GfmReference =
  | { readonly kind: 'issue'; readonly path: string | null; readonly iid: number }
  | { readonly kind: 'epic'; readonly path: string | null; readonly iid: number }
  | { readonly kind: 'merge_request'; readonly path: string | null; readonly iid: number }
  | { readonly kind: 'label'; readonly title: string }
  | { readonly kind: 'label'; readonly id: number }
  | { readonly kind: 'milestone'; readonly title: string }
  | { readonly kind: 'milestone'; readonly iid: number }
  | { readonly kind: 'user'; readonly username: string };

export interface ReferenceMatch {
  /** Offsets in the scanned text: `text.slice(start, end)` is the reference as written. */
  readonly start: number;
  readonly end: number;
  readonly reference: GfmReference;
}

/** `@all` notifies everyone; GitLab writes it as text, never as a link to somebody. */
export const MENTION_ALL = 'all';

/** A group or project path segment (GitLab's namespace path rule: no leading `-`, no trailing `.`). */
const SEGMENT = String.raw`(?:[A-Za-z0-9_][A-Za-z0-9_.\-]*[A-Za-z0-9_\-]|[A-Za-z0-9_])`;
const PATH = `${SEGMENT}(?:/${SEGMENT})*`;
const NUMBER = '[0-9]{1,15}';
/** A one-word label or milestone title: GitLab's `[A-Za-z0-9_\-?.&]+`, scoped `a::b` included. */
const WORD = String.raw`[A-Za-z0-9_\-?.&]+(?:::[A-Za-z0-9_\-?.&]+)*`;
const QUOTED = '"([^"\\n]{1,255})"';
const USERNAME = String.raw`[A-Za-z0-9_][A-Za-z0-9_.\-]*(?:/[A-Za-z0-9_][A-Za-z0-9_.\-]*)*`;

/**
 * One pass over the text. A reference starts at the start of the text or after a character that
 * cannot belong to a word, path or address (`a@b.com` is no mention, `x#1` is project `x`'s issue),
 * and a number ends where no word character follows (`#12.` and `(#12)` are references, `#12a` not).
 */
const REFERENCE = new RegExp(
  [
    String.raw`(?<![\w@/.\-&#~%!])(?:`,
    `(?:(${PATH})?#(${NUMBER})(?![A-Za-z0-9_]))`,
    `|(?:(${PATH})?&(${NUMBER})(?![A-Za-z0-9_]))`,
    `|(?:~(?:(${NUMBER})(?![A-Za-z0-9_&?.\\-:])|${QUOTED}|(${WORD})))`,
    `|(?:%(?:(${NUMBER})(?![A-Za-z0-9_&?.\\-:])|${QUOTED}|(${WORD})))`,
    `|(?:@(${USERNAME}))`,
    `|(?:(${PATH})?!(${NUMBER})(?![A-Za-z0-9_]))`,
    ')',
  ].join(''),
  'g',
);

/** GitLab leaves a sentence's final `.` or `?` out of a one-word title or a username. */
const TRAILING_PUNCTUATION = /[.?-]+$/;

function safeNumber(digits: string): number | null {
  const value = Number(digits);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

function referenceOf(
  groups: readonly (string | undefined)[],
): { reference: GfmReference; trim: number } | null {
  const [, issuePath, issueIid, epicPath, epicIid, labelId, labelQuoted, labelWord] = groups;
  const [milestoneIid, milestoneQuoted, milestoneWord, username, mergeRequestPath, mergeRequestIid] =
    groups.slice(8);
  const numbered = (kind: 'issue' | 'epic' | 'merge_request', path: string | undefined, digits: string) => {
    const iid = safeNumber(digits);
    if (iid === null) return null;
    const reference: GfmReference = { kind, path: path ?? null, iid };
    return { reference, trim: 0 };
  };
  const word = (text: string) => {
    const kept = text.replace(TRAILING_PUNCTUATION, '');
    return { kept, trim: text.length - kept.length };
  };
  if (issueIid !== undefined) return numbered('issue', issuePath, issueIid);
  if (epicIid !== undefined) return numbered('epic', epicPath, epicIid);
  if (mergeRequestIid !== undefined) return numbered('merge_request', mergeRequestPath, mergeRequestIid);
  if (labelId !== undefined) {
    const id = safeNumber(labelId);
    return id === null ? null : { reference: { kind: 'label', id }, trim: 0 };
  }
  if (labelQuoted !== undefined) return { reference: { kind: 'label', title: labelQuoted }, trim: 0 };
  if (labelWord !== undefined) {
    const { kept, trim } = word(labelWord);
    return kept === '' ? null : { reference: { kind: 'label', title: kept }, trim };
  }
  if (milestoneIid !== undefined) {
    const iid = safeNumber(milestoneIid);
    return iid === null ? null : { reference: { kind: 'milestone', iid }, trim: 0 };
  }
  if (milestoneQuoted !== undefined)
    return { reference: { kind: 'milestone', title: milestoneQuoted }, trim: 0 };
  if (milestoneWord !== undefined) {
    const { kept, trim } = word(milestoneWord);
    return kept === '' ? null : { reference: { kind: 'milestone', title: kept }, trim };
  }
  if (username !== undefined) {
    const { kept, trim } = word(username);
    return kept === '' ? null : { reference: { kind: 'user', username: kept }, trim };
  }
  return null;
}

/** Every reference in a run of plain text, in order, each with where it was written. */
export function scanReferences(text: string): ReferenceMatch[] {
  const matches: ReferenceMatch[] = [];
  for (const match of text.matchAll(REFERENCE)) {
    const found = referenceOf([...match]);
    if (!found) continue;
    const start = match.index;
    matches.push({ start, end: start + match[0].length - found.trim, reference: found.reference });
  }
  return matches;
}

/**
 * One key per thing a reference can name, for maps of what was resolved: paths and usernames
 * compare case-insensitively (as GitLab routes them), titles exactly.
 */
export function referenceKey(reference: GfmReference): string {
  switch (reference.kind) {
    case 'issue':
    case 'epic':
    case 'merge_request':
      return `${reference.kind}:${(reference.path ?? '').toLowerCase()}:${reference.iid}`;
    case 'label':
    case 'milestone':
      return 'title' in reference
        ? `${reference.kind}:title:${reference.title}`
        : `${reference.kind}:id:${'id' in reference ? reference.id : reference.iid}`;
    case 'user':
      return `user:${reference.username.toLowerCase()}`;
  }
}

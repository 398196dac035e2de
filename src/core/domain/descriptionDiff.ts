/**
 * 'Compare with previous version': an inline diff of two descriptions as GitLab's activity shows
 * it, HTML-escaped text with `<span class="idiff deletion">` and `<span class="idiff addition">`
 * around what changed. Words are compared (Myers' O(ND) diff after the common prefix and suffix are
 * set aside); when the changed middle is too long or too different for that to stay cheap, lines
 * are compared instead, and past that the middle is shown as removed and added whole. The cost is
 * bounded by the limits below whatever the descriptions are.
 */

/** Tokens of the changed middle up to which a word (then a line) diff is tried. */
export const MAX_DIFF_TOKENS = 20_000;
/** Edits (tokens deleted plus inserted) up to which a word (then a line) diff is tried. */
export const MAX_DIFF_EDITS = 2_000;

type Op = { readonly kind: 'equal' | 'delete' | 'insert'; readonly token: string };

const WORD_TOKENS = /\s+|[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu;

export function wordTokens(textValue: string): string[] {
  return textValue.match(WORD_TOKENS) ?? [];
}

/** Lines with their line breaks, so that joining them gives the text back. */
export function lineTokens(textValue: string): string[] {
  return textValue.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/**
 * Myers' shortest edit script from `a` to `b`, or null when it needs more than `maxEdits` edits.
 * Time O((n + m) · D) and memory O(D²) for D edits.
 */
export function myersDiff(a: readonly string[], b: readonly string[], maxEdits: number): Op[] | null {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, maxEdits);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && (v[offset + k - 1] ?? 0) < (v[offset + k + 1] ?? 0));
      let x = down ? (v[offset + k + 1] ?? 0) : (v[offset + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(a, b, trace);
    }
  }
  return null;
}

function backtrack(a: readonly string[], b: readonly string[], trace: readonly Int32Array[]): Op[] {
  const ops: Op[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d >= 0; d--) {
    // trace[d] holds V before step d, over k = -d-1 … d+1.
    const row = trace[d] as Int32Array;
    const at = (k: number) => row[k + d + 1] ?? 0;
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : at(prevK);
    const prevY = d === 0 ? 0 : prevX - prevK;
    while (x > prevX && y > prevY) {
      ops.push({ kind: 'equal', token: a[x - 1] as string });
      x--;
      y--;
    }
    if (d > 0) {
      if (x === prevX) ops.push({ kind: 'insert', token: b[prevY] as string });
      else ops.push({ kind: 'delete', token: a[prevX] as string });
    }
    x = prevX;
    y = prevY;
  }
  return ops.reverse();
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** The changed middle of two token lists: the edits between their common prefix and suffix. */
function middleOps(before: readonly string[], after: readonly string[]): Op[] {
  if (before.length <= MAX_DIFF_TOKENS && after.length <= MAX_DIFF_TOKENS) {
    const ops = myersDiff(before, after, MAX_DIFF_EDITS);
    if (ops) return ops;
  }
  return [
    ...before.map((token) => ({ kind: 'delete' as const, token })),
    ...after.map((token) => ({ kind: 'insert' as const, token })),
  ];
}

function commonEnds(a: readonly string[], b: readonly string[]): { prefix: number; suffix: number } {
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < a.length - prefix &&
    suffix < b.length - prefix &&
    a[a.length - 1 - suffix] === b[b.length - 1 - suffix]
  ) {
    suffix++;
  }
  return { prefix, suffix };
}

/** The edit script between two texts, words first, then lines, then whole. */
export function diffTexts(before: string, after: string): Op[] {
  const words = (tokenize: (value: string) => string[]): Op[] | null => {
    const a = tokenize(before);
    const b = tokenize(after);
    const { prefix, suffix } = commonEnds(a, b);
    const midA = a.slice(prefix, a.length - suffix);
    const midB = b.slice(prefix, b.length - suffix);
    if (midA.length > MAX_DIFF_TOKENS || midB.length > MAX_DIFF_TOKENS) return null;
    const middle = myersDiff(midA, midB, MAX_DIFF_EDITS);
    if (!middle) return null;
    const equal = (token: string): Op => ({ kind: 'equal', token });
    return [...a.slice(0, prefix).map(equal), ...middle, ...a.slice(a.length - suffix).map(equal)];
  };
  const byWords = words(wordTokens);
  if (byWords) return byWords;
  const a = lineTokens(before);
  const b = lineTokens(after);
  const { prefix, suffix } = commonEnds(a, b);
  const equal = (token: string): Op => ({ kind: 'equal', token });
  return [
    ...a.slice(0, prefix).map(equal),
    ...middleOps(a.slice(prefix, a.length - suffix), b.slice(prefix, b.length - suffix)),
    ...a.slice(a.length - suffix).map(equal),
  ];
}

/** GitLab's description diff HTML: escaped text, changes wrapped in `idiff` spans. */
export function descriptionDiffHtml(before: string, after: string): string {
  const ops = diffTexts(before, after);
  let html = '';
  let i = 0;
  while (i < ops.length) {
    const op = ops[i] as Op;
    if (op.kind === 'equal') {
      html += escapeHtml(op.token);
      i++;
      continue;
    }
    // A run of changes: what was removed, then what was added.
    let deleted = '';
    let inserted = '';
    while (i < ops.length && (ops[i] as Op).kind !== 'equal') {
      const change = ops[i] as Op;
      if (change.kind === 'delete') deleted += change.token;
      else inserted += change.token;
      i++;
    }
    if (deleted) html += `<span class="idiff deletion">${escapeHtml(deleted)}</span>`;
    if (inserted) html += `<span class="idiff addition">${escapeHtml(inserted)}</span>`;
  }
  return html;
}

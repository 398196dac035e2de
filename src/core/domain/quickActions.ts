/**
 * GitLab's quick actions in a comment or description: `/command params` on a line of its own,
 * outside fenced code, `>>>` quote blocks and HTML blocks (GitLab's QuickActions::Extractor). Which
 * commands exist and what they do is the server's; this finds them and the text they leave.
 */

/** One command as typed: its name lower-cased (an alias stays as typed) and its trimmed params. */
export interface QuickActionCommand {
  readonly name: string;
  readonly params: string;
}

export interface ExtractedQuickActions {
  readonly commands: readonly QuickActionCommand[];
  /** The text without the command lines (substitutions applied), trailing whitespace removed. */
  readonly text: string;
}

/** GitLab's two substitutions: the line becomes its params followed by the face. */
export const QUICK_ACTION_SUBSTITUTIONS: Readonly<Record<string, string>> = {
  shrug: '¯\\＿(ツ)＿/¯',
  tableflip: '(╯°□°)╯︵ ┻━┻',
};

const COMMAND_LINE = /^\/([a-z_]+)(?: (.*))?$/i;

/** Where a block that hides commands ends, given the line that opens it; null when it opens none. */
function blockEnd(line: string): RegExp | null {
  const fence = /^(`{3,}|~{3,})/.exec(line);
  if (fence) return new RegExp(`^${fence[1]![0]}{${fence[1]!.length},}\\s*$`);
  if (/^>>>/.test(line)) return /^>>>\s*$/;
  const html = /^<([A-Za-z][A-Za-z0-9-]*)[^>]*>\s*$/.exec(line);
  if (html) return new RegExp(`^</${html[1]}>\\s*$`, 'i');
  return null;
}

/**
 * The commands among `names` (lower case) in `content`, in order, and the text without them. A
 * name not in `names` (unknown, or unavailable to this user on this item) stays in the text, as in
 * GitLab; so does a command inside a code, quote or HTML block, or not at the start of its line.
 */
export function extractQuickActions(content: string, names: ReadonlySet<string>): ExtractedQuickActions {
  const commands: QuickActionCommand[] = [];
  const kept: string[] = [];
  let closing: RegExp | null = null;
  for (const line of content.replace(/\r/g, '').split('\n')) {
    if (closing) {
      if (closing.test(line)) closing = null;
      kept.push(line);
      continue;
    }
    closing = blockEnd(line);
    if (closing) {
      kept.push(line);
      continue;
    }
    const match = COMMAND_LINE.exec(line.trimEnd());
    const name = match?.[1]?.toLowerCase();
    if (match && name !== undefined && names.has(name)) {
      const params = (match[2] ?? '').trim();
      commands.push({ name, params });
      const face = QUICK_ACTION_SUBSTITUTIONS[name];
      if (face !== undefined) kept.push(params === '' ? face : `${params} ${face}`);
      continue;
    }
    kept.push(line);
  }
  return { commands, text: kept.join('\n').trimEnd() };
}

/** Splits params on spaces, keeping `"quoted words"` (with a prefix such as `~` or `%`) together. */
export function splitQuickActionParams(params: string): string[] {
  return [...params.matchAll(/[~%&@]?"[^"]*"|\S+/g)].map((match) => match[0]);
}

const unquote = (text: string) => (/^".*"$/.test(text) ? text.slice(1, -1) : text);

/**
 * Label titles in `/label` params: `~bug ~"two words"`; without any `~`, plain space-separated
 * titles (GitLab: "names may omit `~` but mixing is not supported", so words without `~` are
 * ignored once one has it).
 */
export function labelTitlesOf(params: string): string[] {
  const tokens = splitQuickActionParams(params);
  const tilde = tokens.some((token) => token.startsWith('~'));
  const titles = tilde
    ? tokens.filter((token) => token.startsWith('~')).map((token) => unquote(token.slice(1)))
    : tokens.map(unquote);
  return [...new Set(titles.filter((title) => title.trim() !== ''))];
}

/** Who `/assign` and `/unassign` name: `@name`, bare names, and `me` (or `@me`) for the actor. */
export function usernamesOf(params: string, me: string): string[] {
  const names = params
    .split(/[\s,]+/)
    .filter((token) => token !== '' && token.toLowerCase() !== 'and')
    .map((token) => token.replace(/^@/, ''))
    .map((name) => (name.toLowerCase() === 'me' ? me : name))
    .filter((name) => /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/.test(name));
  return [...new Set(names)];
}

/** The milestone title of `/milestone %v1`, `/milestone %"Sprint 3"` or `/milestone Sprint 3`. */
export function milestoneTitleOf(params: string): string {
  const trimmed = params.trim();
  const quoted = /^%?"([^"]*)"$/.exec(trimmed);
  if (quoted) return quoted[1]!;
  return trimmed.replace(/^%/, '');
}

/** `/weight 3`: a whole number ≥ 0, or null (GitLab ignores anything else). */
export function weightOf(params: string): number | null {
  const trimmed = params.trim();
  if (!/^\d{1,9}$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** `/react :thumbsup:` or `/react thumbsup`: the emoji's name, or null. */
export function emojiNameOf(params: string): string | null {
  const match = /^:?([a-z0-9_+-]+):?$/.exec(params.trim());
  return match ? match[1]! : null;
}

/** GitLab's label reference in messages: `~bug`, or `~"two words"` for any other character. */
export function labelReference(title: string): string {
  return /^[A-Za-z0-9_\-?.&]+$/.test(title) ? `~${title}` : `~"${title}"`;
}

/** GitLab's milestone reference by name: always quoted, `%"v1.0"`. */
export function milestoneReference(title: string): string {
  return `%"${title}"`;
}

/** Ruby's Array#to_sentence: `a`, `a and b`, `a, b, and c`. */
export function toSentence(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  if (items.length === 2) return `${items[0]} and ${items[1]}`;
  return `${items.slice(0, -1).join(', ')}, and ${items[items.length - 1]}`;
}

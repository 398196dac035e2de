/**
 * `@username` mentions in markdown, as GitLab finds them: not inside code, not part of an email
 * address or a path. Users named at the very start of the text are "directly addressed" (GitLab's
 * to-do action `directly_addressed`); the others are "mentioned".
 */
export interface Mentions {
  readonly directlyAddressed: readonly string[];
  readonly mentioned: readonly string[];
}

const MENTION = /(?<![\w@/.`-])@([A-Za-z0-9_][A-Za-z0-9_.-]*[A-Za-z0-9_]|[A-Za-z0-9_])/g;
const LEADING_MENTIONS = /^(?:\s*@[A-Za-z0-9_][A-Za-z0-9_.-]*[A-Za-z0-9_]?[,\s]*)+/;

/** The text without fenced code blocks, inline code and block quotes' code, where mentions do not count. */
export function withoutCode(markdown: string): string {
  return markdown
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, ' ')
    .replace(/`[^`\n]*`/g, ' ')
    .replace(/^(?: {4}|\t).*$/gm, ' ');
}

export function usernamesIn(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(MENTION)) {
    const name = match[1];
    if (name !== undefined && !names.includes(name)) names.push(name);
  }
  return names;
}

export function extractMentions(markdown: string): Mentions {
  const text = withoutCode(markdown);
  const leading = LEADING_MENTIONS.exec(text.trimStart())?.[0] ?? '';
  const directlyAddressed = usernamesIn(leading);
  const mentioned = usernamesIn(text).filter((name) => !directlyAddressed.includes(name));
  return { directlyAddressed, mentioned };
}

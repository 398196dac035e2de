import type { MarkdownIt, Token } from 'markdown-it';
import {
  type GfmReference,
  type ReferenceMatch,
  referenceKey,
  scanReferences,
} from '../../../core/domain/gfmReferences.ts';
import { splitScopedLabel } from '../../../core/domain/labels.ts';
import { escapeHtml } from '../../../core/lib/escapeHtml.ts';

/** What one resolved reference links to; the reader may see all of it. */
export type ReferenceLink =
  | {
      readonly kind: 'issue' | 'epic';
      readonly href: string;
      readonly title: string;
      readonly closed: boolean;
    }
  | {
      readonly kind: 'merge_request';
      readonly href: string;
      readonly title: string;
      /** Merged and closed ones say so after the reference, as GitLab's `(merged)` / `(closed)`. */
      readonly state: 'opened' | 'closed' | 'locked' | 'merged';
    }
  | { readonly kind: 'milestone' | 'user'; readonly href: string; readonly title: string }
  | {
      readonly kind: 'label';
      readonly href: string;
      readonly title: string;
      /** The label's colour and its readable text colour, both `#rrggbb`. */
      readonly color: string;
      readonly textColor: string;
      /** The label's description, the link's tooltip ('' for none). */
      readonly description: string;
    };

/** Resolved references by referenceKey; anything not in it stays text. */
export type ResolvedReferences = ReadonlyMap<string, ReferenceLink>;

/** GitLab's classes on reference links (`gfm gfm-issue`, …); users and groups are `project_member`. */
export const REFERENCE_CLASSES: Readonly<Record<ReferenceLink['kind'], string>> = {
  issue: 'gfm gfm-issue',
  epic: 'gfm gfm-epic',
  merge_request: 'gfm gfm-merge_request',
  milestone: 'gfm gfm-milestone',
  label: 'gfm gfm-label',
  user: 'gfm gfm-project_member',
};

const TOKEN_TYPE = 'gfm_reference';

interface TextAt {
  readonly inline: Token;
  readonly index: number;
}

/**
 * The text tokens a reference may sit in, in document order: inline text outside links. Code spans
 * and blocks are tokens of their own and autolinked URLs and emails are links, so none of them is
 * among these.
 */
function referenceTexts(tokens: readonly Token[]): TextAt[] {
  const texts: TextAt[] = [];
  for (const inline of tokens) {
    if (inline.type !== 'inline' || !inline.children) continue;
    let linkDepth = 0;
    inline.children.forEach((child, index) => {
      if (child.type === 'link_open') linkDepth++;
      else if (child.type === 'link_close') linkDepth--;
      else if (child.type === 'text' && linkDepth === 0) texts.push({ inline, index });
    });
  }
  return texts;
}

/** The references of a parsed document, each once, in the order they first appear. */
export function referencesIn(tokens: readonly Token[]): GfmReference[] {
  const found = new Map<string, GfmReference>();
  for (const { inline, index } of referenceTexts(tokens)) {
    for (const { reference } of scanReferences(inline.children![index]!.content)) {
      const key = referenceKey(reference);
      if (!found.has(key)) found.set(key, reference);
    }
  }
  return [...found.values()];
}

/**
 * Replaces the resolved references in the parsed document's text with reference tokens, which the
 * `gfm_reference` rule renders. References that did not resolve stay as they were written.
 */
export function linkReferences(tokens: readonly Token[], resolved: ResolvedReferences): void {
  if (resolved.size === 0) return;
  // From the end, so that splicing a token's children leaves the indexes still to come intact.
  for (const { inline, index } of referenceTexts(tokens).reverse()) {
    const text = inline.children![index]!;
    const matches = scanReferences(text.content).filter((match) =>
      resolved.has(referenceKey(match.reference)),
    );
    if (matches.length > 0) inline.children!.splice(index, 1, ...splitText(text, matches, resolved));
  }
}

function splitText(text: Token, matches: readonly ReferenceMatch[], resolved: ResolvedReferences): Token[] {
  const TokenClass = text.constructor as new (type: string, tag: string, nesting: 0) => Token;
  const plain = (content: string) => {
    const token = new TokenClass('text', '', 0);
    token.content = content;
    return token;
  };
  const parts: Token[] = [];
  let at = 0;
  for (const match of matches) {
    if (match.start > at) parts.push(plain(text.content.slice(at, match.start)));
    const token = new TokenClass(TOKEN_TYPE, 'a', 0);
    token.content = text.content.slice(match.start, match.end);
    token.meta = resolved.get(referenceKey(match.reference)) ?? null;
    parts.push(token);
    at = match.end;
  }
  if (at < text.content.length) parts.push(plain(text.content.slice(at)));
  return parts;
}

/** GitLab's ` (closed)` after a closed issue or epic, and ` (merged)` / ` (closed)` after a merge request. */
function stateSuffix(link: ReferenceLink): string {
  if (link.kind === 'merge_request') {
    return link.state === 'merged' ? ' (merged)' : link.state === 'closed' ? ' (closed)' : '';
  }
  return 'closed' in link && link.closed ? ' (closed)' : '';
}

/** Renders reference tokens as GitLab does: a link titled with what it names, labels as pills. */
export function referenceLinksPlugin(md: MarkdownIt): void {
  md.renderer.rules[TOKEN_TYPE] = (tokens, index) => {
    const token = tokens[index]!;
    const link = token.meta as ReferenceLink;
    const open = (title: string) =>
      `<a href="${escapeHtml(link.href)}" class="${REFERENCE_CLASSES[link.kind]}"${title === '' ? '' : ` title="${escapeHtml(title)}"`}>`;
    if (link.kind === 'label') return `${open(link.description)}${labelPill(link)}</a>`;
    return `${open(link.title)}${escapeHtml(token.content)}${stateSuffix(link)}</a>`;
  };
}

/** The label chip the client draws (ui/LabelChip), written as HTML: scoped labels as two parts. */
function labelPill(label: Extract<ReferenceLink, { kind: 'label' }>): string {
  const scoped = splitScopedLabel(label.title);
  const style = `--label-bg:${label.color};--label-fg:${label.textColor}`;
  const inner = scoped
    ? `<span class="label-chip-scope">${escapeHtml(scoped.scope)}</span><span class="sr-only">::</span><span class="label-chip-value">${escapeHtml(scoped.value)}</span>`
    : `<span class="label-chip-scope">${escapeHtml(label.title)}</span>`;
  return `<span class="${scoped ? 'label-chip label-chip-scoped' : 'label-chip'}" style="${style}">${inner}</span>`;
}

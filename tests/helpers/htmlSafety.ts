import { type DefaultTreeAdapterTypes, html, parseFragment } from 'parse5';

/**
 * Checks rendered markdown the way a browser would see it: parse5 parses the HTML with the same
 * algorithm as the page (namespaces, foster parenting, entity decoding), then every element and
 * attribute is held against an allowlist. Returns the problems found; none means safe.
 */

type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.DocumentFragment;

/** Which elements may appear, and which attributes each may carry. */
export interface HtmlAllowlist {
  readonly elements: Readonly<Record<string, readonly string[]>>;
}

const BLOCK_SOURCEPOS = ['data-sourcepos'];

export const DESCRIPTION_ALLOWLIST: HtmlAllowlist = {
  elements: {
    p: BLOCK_SOURCEPOS,
    br: [],
    hr: BLOCK_SOURCEPOS,
    h1: BLOCK_SOURCEPOS,
    h2: BLOCK_SOURCEPOS,
    h3: BLOCK_SOURCEPOS,
    h4: BLOCK_SOURCEPOS,
    h5: BLOCK_SOURCEPOS,
    h6: BLOCK_SOURCEPOS,
    blockquote: BLOCK_SOURCEPOS,
    pre: BLOCK_SOURCEPOS,
    code: ['data-sourcepos', 'class'],
    em: [],
    strong: [],
    del: [],
    s: [],
    sub: [],
    sup: [],
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'loading'],
    ul: ['data-sourcepos', 'class'],
    ol: ['data-sourcepos', 'class', 'start'],
    li: ['data-sourcepos', 'class'],
    input: ['type', 'class', 'disabled', 'checked'],
    table: BLOCK_SOURCEPOS,
    thead: BLOCK_SOURCEPOS,
    tbody: BLOCK_SOURCEPOS,
    tr: BLOCK_SOURCEPOS,
    th: ['data-sourcepos', 'align'],
    td: ['data-sourcepos', 'align'],
  },
};

export const TITLE_ALLOWLIST: HtmlAllowlist = {
  elements: {
    a: ['href', 'title', 'rel'],
    code: [],
    em: [],
    strong: [],
    del: [],
    s: [],
    sub: [],
    sup: [],
    br: [],
  },
};

const LINK_SCHEMES = ['http', 'https', 'mailto'];
const IMAGE_SCHEMES = ['http', 'https'];

/** What a browser reads as the scheme: control characters and whitespace do not count. */
function schemeOf(url: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers skip these inside a scheme.
  const cleaned = url.replace(/[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\ufeff]/g, '');
  return /^([a-z][a-z0-9+.-]*):/i.exec(cleaned)?.[1]?.toLowerCase() ?? null;
}

function checkElement(
  element: DefaultTreeAdapterTypes.Element,
  allowlist: HtmlAllowlist,
  problems: string[],
) {
  const name = element.tagName;
  if (element.namespaceURI !== html.NS.HTML) problems.push(`<${name}> in namespace ${element.namespaceURI}`);
  const allowedAttributes = Object.hasOwn(allowlist.elements, name) ? allowlist.elements[name] : undefined;
  if (!allowedAttributes) {
    problems.push(`element <${name}> is not allowed`);
    return;
  }
  for (const { name: attribute, value } of element.attrs) {
    const lower = attribute.toLowerCase();
    if (lower.startsWith('on')) problems.push(`<${name} ${attribute}> is an event handler`);
    if (!allowedAttributes.includes(lower)) problems.push(`<${name} ${attribute}> is not allowed`);
    // parse5 has already decoded entities in `value`; schemeOf drops what browsers ignore.
    if (lower === 'href' || lower === 'src') {
      const scheme = schemeOf(value);
      const allowed = name === 'img' ? IMAGE_SCHEMES : LINK_SCHEMES;
      if (scheme !== null && !allowed.includes(scheme)) problems.push(`<${name} ${attribute}="${value}">`);
    }
  }
  if (name === 'input') {
    const attrs = Object.fromEntries(element.attrs.map((attr) => [attr.name, attr.value]));
    if (attrs.type !== 'checkbox' || !('disabled' in attrs))
      problems.push('<input> is not a disabled checkbox');
  }
  if (name === 'a') {
    const rel = element.attrs.find((attr) => attr.name === 'rel')?.value.split(/\s+/) ?? [];
    for (const needed of ['noopener', 'noreferrer', 'nofollow']) {
      if (!rel.includes(needed)) problems.push(`<a> without rel=${needed}`);
    }
  }
}

function walk(node: Node, allowlist: HtmlAllowlist, problems: string[]): void {
  if ('tagName' in node) checkElement(node, allowlist, problems);
  if (node.nodeName === '#comment') problems.push('comment node');
  const children = 'childNodes' in node ? node.childNodes : [];
  // A <template>'s content is a separate fragment that script could still clone.
  const content = 'content' in node ? [node.content as Node] : [];
  for (const child of [...children, ...content]) walk(child, allowlist, problems);
}

/** Problems with `rendered` under `allowlist`; an empty list means nothing executable or styled. */
export function unsafeHtmlProblems(rendered: string, allowlist: HtmlAllowlist): string[] {
  const problems: string[] = [];
  walk(parseFragment(rendered), allowlist, problems);
  return problems;
}

import sanitizeHtml from 'sanitize-html';
import { IMAGE_SCHEMES, isAllowedImageUrl, isAllowedLinkUrl, LINK_SCHEMES } from './safeUrls.ts';

/**
 * The last line of defence over the renderer's output. The renderer already escapes raw HTML and
 * refuses bad link schemes; this re-parses what it produced and keeps only an allowlist, so that a
 * renderer bug or plugin cannot smuggle live markup through. Nothing here allows `style`, event
 * handlers, svg, math, iframes, objects or forms.
 */

/** rel for every rendered link: no window.opener, no referrer, no search-engine credit. */
export const LINK_REL = 'noopener noreferrer nofollow';

const INLINE_TAGS = ['a', 'code', 'em', 'strong', 'del', 's', 'sub', 'sup', 'br'];
const BLOCK_TAGS = [
  ...INLINE_TAGS,
  'p',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'ul',
  'ol',
  'li',
  'input',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];
const BLOCKS_WITH_SOURCEPOS = BLOCK_TAGS.filter((tag) => !INLINE_TAGS.includes(tag) || tag === 'code');

function linkTag(_tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const { href, title } = attribs;
  return {
    tagName: 'a',
    attribs: {
      ...(href !== undefined && isAllowedLinkUrl(href) ? { href } : {}),
      ...(title !== undefined ? { title } : {}),
      rel: LINK_REL,
    },
  };
}

function imageTag(_tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const { src, alt, title } = attribs;
  return {
    tagName: 'img',
    attribs: {
      ...(src !== undefined && isAllowedImageUrl(src) ? { src } : {}),
      alt: alt ?? '',
      ...(title !== undefined ? { title } : {}),
      loading: 'lazy',
    },
  };
}

/** Only the task-list checkbox is an input: always a disabled checkbox, whatever came in. */
function checkboxTag(_tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  return {
    tagName: 'input',
    attribs: {
      type: 'checkbox',
      class: 'task-list-item-checkbox',
      disabled: '',
      ...('checked' in attribs ? { checked: '' } : {}),
    },
  };
}

const SHARED: sanitizeHtml.IOptions = {
  allowedSchemes: [...LINK_SCHEMES],
  allowedSchemesByTag: { img: [...IMAGE_SCHEMES] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: true,
  allowedStyles: {},
  parseStyleAttributes: false,
  disallowedTagsMode: 'discard',
  enforceHtmlBoundary: false,
};

const BLOCK_OPTIONS: sanitizeHtml.IOptions = {
  ...SHARED,
  allowedTags: BLOCK_TAGS,
  allowedAttributes: {
    ...Object.fromEntries(BLOCKS_WITH_SOURCEPOS.map((tag) => [tag, ['data-sourcepos']])),
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'loading'],
    input: ['type', 'class', 'disabled', 'checked'],
    ol: ['data-sourcepos', 'start', 'class'],
    ul: ['data-sourcepos', 'class'],
    li: ['data-sourcepos', 'class'],
    code: ['data-sourcepos', 'class'],
    th: ['data-sourcepos', { name: 'align', values: ['left', 'center', 'right'] }],
    td: ['data-sourcepos', { name: 'align', values: ['left', 'center', 'right'] }],
  },
  allowedClasses: {
    ul: ['contains-task-list'],
    ol: ['contains-task-list'],
    li: ['task-list-item'],
    input: ['task-list-item-checkbox'],
    code: [/^language-[\w+#.-]{1,40}$/],
  },
  selfClosing: ['img', 'br', 'hr', 'input'],
  transformTags: { a: linkTag, img: imageTag, input: checkboxTag },
};

const INLINE_OPTIONS: sanitizeHtml.IOptions = {
  ...SHARED,
  allowedTags: INLINE_TAGS,
  allowedAttributes: { a: ['href', 'title', 'rel'] },
  allowedClasses: {},
  selfClosing: ['br'],
  transformTags: { a: linkTag },
};

/** Keeps only the block-level allowlist (descriptions, previews). */
export function sanitizeBlockHtml(html: string): string {
  return sanitizeHtml(html, BLOCK_OPTIONS);
}

/** Keeps only inline phrasing markup (titles). */
export function sanitizeInlineHtml(html: string): string {
  return sanitizeHtml(html, INLINE_OPTIONS);
}

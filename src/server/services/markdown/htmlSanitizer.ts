import sanitizeHtml from 'sanitize-html';
import { IMAGE_SCHEMES, isAllowedImageUrl, isAllowedLinkUrl, LINK_SCHEMES } from './safeUrls.ts';

/**
 * The last line of defence over the renderer's output. The renderer already escapes raw HTML and
 * refuses bad link schemes; this re-parses what it produced and keeps only an allowlist, so that a
 * renderer bug or plugin cannot smuggle live markup through. Nothing here allows event handlers,
 * svg, math, iframes, objects or forms; `style` only as a label pill's two colours, checked whole.
 */

/** rel for every rendered link: no window.opener, no referrer, no search-engine credit. */
export const LINK_REL = 'noopener noreferrer nofollow';

const INLINE_TAGS = ['a', 'code', 'em', 'strong', 'del', 's', 'sub', 'sup', 'br'];
const BLOCK_TAGS = [
  ...INLINE_TAGS,
  'span',
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
const BLOCKS_WITH_SOURCEPOS = BLOCK_TAGS.filter(
  (tag) => (!INLINE_TAGS.includes(tag) && tag !== 'span') || tag === 'code',
);

/** The classes of reference links (referenceLinks.ts): GitLab's `gfm gfm-<kind>`. */
const REFERENCE_LINK_CLASSES = [
  'gfm',
  'gfm-issue',
  'gfm-epic',
  'gfm-merge_request',
  'gfm-milestone',
  'gfm-label',
  'gfm-project_member',
];
/** The parts of a label pill (the client's LabelChip markup). */
const LABEL_PILL_CLASSES = [
  'label-chip',
  'label-chip-scoped',
  'label-chip-scope',
  'label-chip-value',
  'sr-only',
];
/** A label pill's only style: its two colours as custom properties, nothing else gets through. */
const LABEL_PILL_STYLE = /^--label-bg:#[0-9a-fA-F]{6};--label-fg:#[0-9a-fA-F]{6}$/;

function linkTag(_tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const { href, title, class: className } = attribs;
  return {
    tagName: 'a',
    attribs: {
      ...(href !== undefined && isAllowedLinkUrl(href) ? { href } : {}),
      ...(className !== undefined ? { class: className } : {}),
      ...(title !== undefined ? { title } : {}),
      rel: LINK_REL,
    },
  };
}

function spanTag(_tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const { class: className, style } = attribs;
  return {
    tagName: 'span',
    attribs: {
      ...(className !== undefined ? { class: className } : {}),
      ...(style !== undefined && LABEL_PILL_STYLE.test(style) ? { style } : {}),
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
  parseStyleAttributes: false,
  disallowedTagsMode: 'discard',
  enforceHtmlBoundary: false,
};

const BLOCK_OPTIONS: sanitizeHtml.IOptions = {
  ...SHARED,
  allowedTags: BLOCK_TAGS,
  allowedAttributes: {
    ...Object.fromEntries(BLOCKS_WITH_SOURCEPOS.map((tag) => [tag, ['data-sourcepos']])),
    a: ['href', 'class', 'title', 'rel'],
    span: ['class', 'style'],
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
    a: REFERENCE_LINK_CLASSES,
    span: LABEL_PILL_CLASSES,
    ul: ['contains-task-list'],
    ol: ['contains-task-list'],
    li: ['task-list-item'],
    input: ['task-list-item-checkbox'],
    code: [/^language-[\w+#.-]{1,40}$/],
  },
  selfClosing: ['img', 'br', 'hr', 'input'],
  transformTags: { a: linkTag, span: spanTag, img: imageTag, input: checkboxTag },
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

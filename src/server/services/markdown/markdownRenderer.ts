import MarkdownIt, { type MarkdownIt as MarkdownItInstance } from 'markdown-it';
import type { GfmReference } from '../../../core/domain/gfmReferences.ts';
import { type TaskSummary, taskStatusText } from '../../../core/domain/taskStatus.ts';
import { sanitizeBlockHtml, sanitizeInlineHtml } from './htmlSanitizer.ts';
import {
  linkReferences,
  type ResolvedReferences,
  referenceLinksPlugin,
  referencesIn,
} from './referenceLinks.ts';
import { isAllowedLinkUrl } from './safeUrls.ts';
import { sourcePositionsPlugin } from './sourcePositions.ts';
import { tableAlignmentPlugin } from './tableAlignment.ts';
import { type TaskListEnv, taskListsPlugin } from './taskLists.ts';

/**
 * Bumped whenever the same source would render differently, so that anything keyed on rendered
 * output (the realtime_changes ETag) goes stale with a deploy.
 */
export const MARKDOWN_RENDERER_VERSION = 3;

/** A description rendered for display. */
export interface RenderedMarkdown {
  /** Sanitised HTML, safe to insert as it is. */
  readonly html: string;
  readonly tasks: TaskSummary;
  /** GitLab's task status line ('' for a blank description). */
  readonly taskStatus: string;
}

/**
 * GitLab-flavoured markdown as markdown-it renders it: CommonMark plus tables, strikethrough,
 * autolinked URLs and task lists. `html: false` turns every raw HTML tag in the source into text,
 * so the source can never produce markup of its own; only what the renderer writes can appear.
 */
function createRenderer(): MarkdownItInstance {
  const md = new MarkdownIt('default', { html: false, linkify: true, typographer: false, breaks: false });
  // markdown-it's own check only refuses a few schemes; ours allows a few and refuses the rest.
  md.validateLink = isAllowedLinkUrl;
  md.use(taskListsPlugin).use(tableAlignmentPlugin).use(sourcePositionsPlugin).use(referenceLinksPlugin);
  return md;
}

const renderer = createRenderer();
/** Titles are a line of phrasing content: an image there would only be noise, so `![x](y)` stays text. */
const titleRenderer = createRenderer().disable('image');

/**
 * A description (or any block markdown, such as a preview) as sanitised HTML with its task counts.
 * References stay text: with no context and no reader, nothing can say what they name or who may
 * see it (renderMarkdownFor in referenceRendering.ts links them).
 */
export function renderMarkdown(source: string): RenderedMarkdown {
  return parseMarkdown(source).render(new Map());
}

/** A parsed document: the references it holds, and its rendering once they are resolved. */
export interface ParsedMarkdown {
  /** Each reference once, read from text outside code and links. */
  references(): GfmReference[];
  /** The document with the resolved references linked; call once. */
  render(resolved: ResolvedReferences): RenderedMarkdown;
}

/** Parses once so that the references can be resolved (in one batch) before rendering. */
export function parseMarkdown(source: string): ParsedMarkdown {
  const env: TaskListEnv = {};
  const tokens = renderer.parse(source, env);
  return {
    references: () => referencesIn(tokens),
    render(resolved) {
      linkReferences(tokens, resolved);
      const html = sanitizeBlockHtml(renderer.renderer.render(tokens, renderer.options, env));
      const tasks = env.taskSummary ?? { completed: 0, total: 0 };
      return { html, tasks, taskStatus: taskStatusText(source, tasks) };
    },
  };
}

/** A title as inline HTML: emphasis, code and links, never a block element. */
export function renderTitleHtml(title: string): string {
  return sanitizeInlineHtml(titleRenderer.renderInline(title));
}

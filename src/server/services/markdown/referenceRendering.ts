import { type GfmReference, referenceKey } from '../../../core/domain/gfmReferences.ts';
import type { Executor } from '../../db/executor.ts';
import type { AccessContext } from '../access.ts';
import { parseMarkdown, type RenderedMarkdown } from './markdownRenderer.ts';
import { MAX_REFERENCES_PER_DOCUMENT, type MarkdownContext, resolveReferences } from './referenceResolver.ts';

export type { MarkdownContext };

/**
 * At most this many distinct references are looked up for one batch of documents (a page of
 * notes); the documents' first ones win, the rest stay text.
 */
export const MAX_REFERENCES_PER_BATCH = 1000;

/**
 * Markdown rendered for one reader in its context: references to what the reader may see become
 * links (titled, closed items marked), the rest stay text. The same source renders differently for
 * different readers, so the result is never shared between them.
 */
export async function renderMarkdownFor(
  db: Executor,
  access: AccessContext,
  context: MarkdownContext,
  source: string,
): Promise<RenderedMarkdown> {
  const [rendered] = await renderManyFor(db, access, context, [source]);
  return rendered!;
}

/** Several documents of one context (the notes of an item) with one resolution for all of them. */
export async function renderManyFor(
  db: Executor,
  access: AccessContext,
  context: MarkdownContext,
  sources: readonly string[],
): Promise<RenderedMarkdown[]> {
  const parsed = sources.map(parseMarkdown);
  const wanted = new Map<string, GfmReference>();
  for (const document of parsed) {
    for (const reference of document.references().slice(0, MAX_REFERENCES_PER_DOCUMENT)) {
      if (wanted.size >= MAX_REFERENCES_PER_BATCH) break;
      wanted.set(referenceKey(reference), reference);
    }
  }
  const resolved =
    wanted.size === 0 ? new Map() : await resolveReferences(db, access, context, [...wanted.values()]);
  return parsed.map((document) => document.render(resolved));
}

function contextKey(context: MarkdownContext): string {
  return 'group' in context ? `group:${context.group.id}` : `project:${context.project.id}`;
}

/**
 * Renders for one request, batching the documents asked for in the same turn by context: a page of
 * fifty notes or issue descriptions resolves its references with one set of statements per
 * context, not fifty (GraphQL resolves a list's fields in one turn).
 */
export class MarkdownBatch {
  private pending = new Map<
    string,
    {
      context: MarkdownContext;
      entries: {
        source: string;
        resolve: (value: RenderedMarkdown) => void;
        reject: (error: unknown) => void;
      }[];
    }
  >();

  constructor(
    private readonly db: Executor,
    private readonly access: AccessContext,
  ) {}

  render(context: MarkdownContext, source: string): Promise<RenderedMarkdown> {
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) setImmediate(() => void this.dispatch());
      const key = contextKey(context);
      const batch = this.pending.get(key) ?? { context, entries: [] };
      batch.entries.push({ source, resolve, reject });
      this.pending.set(key, batch);
    });
  }

  private async dispatch(): Promise<void> {
    const batches = [...this.pending.values()];
    this.pending = new Map();
    for (const { context, entries } of batches) {
      try {
        const rendered = await renderManyFor(
          this.db,
          this.access,
          context,
          entries.map((entry) => entry.source),
        );
        for (const [index, entry] of entries.entries()) entry.resolve(rendered[index]!);
      } catch (error) {
        for (const entry of entries) entry.reject(error);
      }
    }
  }
}

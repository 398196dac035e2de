import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ParamError } from './api/params.ts';

/**
 * Why a string cannot be stored or compared in PostgreSQL, or undefined when it can. PostgreSQL's
 * text types refuse U+0000, and a lone surrogate (JSON's `"\ud800"`, or bytes that are not UTF-8)
 * would be replaced silently on the way in: both are bad input, whatever the parameter.
 */
export function unstorableTextReason(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain null bytes';
  if (!isWellFormed(text)) return 'must be valid UTF-8';
  return undefined;
}

/** `String.prototype.isWellFormed` (Node 20+), written out for the lib this project targets. */
function isWellFormed(text: string): boolean {
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

/**
 * The first string (value or key) anywhere in a parsed input that cannot be stored, with the
 * top-level name it came under. Walks with an explicit stack: a deeply nested JSON body must not
 * overflow the call stack here.
 */
export function findUnstorableText(
  input: unknown,
): { readonly name: string; readonly reason: string } | undefined {
  if (!input || typeof input !== 'object') return undefined;
  const stack: [string, unknown][] = Object.entries(input).map(([key, value]) => [key, value]);
  for (const [name] of stack) {
    const reason = unstorableTextReason(name);
    if (reason) return { name: 'parameter name', reason };
  }
  while (stack.length > 0) {
    const [name, value] = stack.pop() as [string, unknown];
    if (typeof value === 'string') {
      const reason = unstorableTextReason(value);
      if (reason) return { name, reason };
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const reason = unstorableTextReason(key);
        if (reason) return { name, reason };
        stack.push([name, item]);
      }
    }
  }
  return undefined;
}

/** GraphQL checks its own arguments (graphql/inputGuard.ts) and answers in its own shape. */
const isGraphQL = (request: FastifyRequest) => (request.url.split('?')[0] ?? '') === '/api/graphql';

/**
 * One gate for every REST, form and page route: a path segment, query parameter or body field that
 * PostgreSQL cannot hold is a 400 naming the parameter, before any handler or statement runs.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (isGraphQL(request)) return;
    const bad =
      findUnstorableText(request.params) ??
      findUnstorableText(request.query) ??
      findUnstorableText(request.body);
    if (bad) throw new ParamError(`${bad.name} ${bad.reason}`);
  });
}

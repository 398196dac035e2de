import type { FastifyInstance } from 'fastify';
import { findUnstorableText } from '../input/unstorableText.ts';
import { ParamError } from './api/params.ts';
import { isGraphQLRequest } from './requestPath.ts';

/**
 * The first query parameter whose percent-encoding is not UTF-8 (`?search=%FF`). The query-string
 * parser keeps such a value as its raw text, so a search would silently look for `%FF`: refuse it
 * instead, as GitLab (Rack) does.
 */
function undecodableQueryParameter(url: string): string | undefined {
  const start = url.indexOf('?');
  if (start < 0) return undefined;
  for (const pair of url.slice(start + 1).split('&')) {
    const separator = pair.indexOf('=');
    const rawName = separator < 0 ? pair : pair.slice(0, separator);
    const name = decodedOrUndefined(rawName);
    if (name === undefined) return 'parameter name';
    if (separator >= 0 && decodedOrUndefined(pair.slice(separator + 1)) === undefined) return name;
  }
  return undefined;
}

function decodedOrUndefined(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/**
 * One gate for every REST, form and page route: a path segment, query parameter or body field that
 * PostgreSQL cannot hold is a 400 naming the parameter, before any handler or statement runs.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // GraphQL checks its own arguments (graphql/inputGuard.ts) and answers in its own shape.
    if (isGraphQLRequest(request)) return;
    const undecodable = undecodableQueryParameter(request.url);
    if (undecodable !== undefined) throw new ParamError(`${undecodable} must be valid UTF-8`);
    const bad =
      findUnstorableText(request.params) ??
      findUnstorableText(request.query) ??
      findUnstorableText(request.body);
    if (bad) throw new ParamError(`${bad.name} ${bad.reason}`);
  });
}

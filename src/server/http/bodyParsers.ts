/**
 * Request bodies are text in UTF-8 or refused. Node's default decoding turns bytes that are not
 * UTF-8 into U+FFFD without a word, so a title sent as Latin-1 would be stored garbled; GitLab (Rack)
 * answers 400 instead, and so does this. JSON keeps Fastify's own parser (prototype-poisoning
 * checks); forms are parsed by fast-querystring (repeated keys become arrays), as @fastify/formbody
 * did, behind the same gate. Before either parser runs, a body with too many values is refused by
 * its shape (jsonShape.ts).
 */
import { parse as parseForm } from 'fast-querystring';
import type { FastifyInstance } from 'fastify';
import { formShapeViolation, jsonShapeViolation, MAX_BODY_VALUES } from './jsonShape.ts';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** A client error Fastify's handler answers as 400, in the route's error shape. */
function badBody(message: string): Error & { statusCode: number } {
  return Object.assign(new Error(message), { statusCode: 400 });
}

const encodingError = (what: string) => badBody(`${what} must be valid UTF-8`);

function decodeStrict(body: Buffer): string | undefined {
  try {
    return strictUtf8.decode(body);
  } catch {
    return undefined;
  }
}

/** Percent-escapes that decode to UTF-8 ('%C3%A9'), not to stray bytes ('%FF'). */
function formEscapesAreUtf8(text: string): boolean {
  try {
    decodeURIComponent(text.replace(/\+/g, ' '));
    return true;
  } catch {
    return false;
  }
}

/**
 * The JSON parser of this context: strict UTF-8, at most `maxValues` values. A route that takes big
 * documents (a scanner's report) registers its own, with its own cap, in its own plugin scope.
 */
export function registerStrictJsonParser(app: FastifyInstance, maxValues = MAX_BODY_VALUES): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const shapeProblem = jsonShapeViolation(body as Buffer, maxValues);
    if (shapeProblem) return done(badBody(`The request body ${shapeProblem}`), undefined);
    const text = decodeStrict(body as Buffer);
    if (text === undefined) return done(encodingError('The request body'), undefined);
    parseJson(request, text, done);
  });
}

export function registerStrictBodyParsers(app: FastifyInstance): void {
  registerStrictJsonParser(app);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer' },
    (_request, body, done) => {
      const shapeProblem = formShapeViolation(body as Buffer);
      if (shapeProblem) return done(badBody(`Form data ${shapeProblem}`), undefined);
      const text = decodeStrict(body as Buffer);
      if (text === undefined || !formEscapesAreUtf8(text)) return done(encodingError('Form data'), undefined);
      done(null, parseForm(text));
    },
  );
}

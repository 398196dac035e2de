/**
 * What a JSON body costs to parse grows with its number of values, not its bytes: a 1 MB
 * description is one string and parses at once, while 300,000 short ids in 2.7 MB cost the event
 * loop about 75 ms to parse and as much again to walk (issue 13: "no request can make the server
 * busy for long"). The body's shape is read from its bytes first, stopping at the first value past
 * the cap, so such a body is refused in a few milliseconds.
 */

/** Values of one JSON body, or fields of one form; ten batched queries with lists of 100 items need about 2,000. */
export const MAX_BODY_VALUES = 10_000;
/** Nesting of arrays and objects in one JSON body; the input guard then allows 16 levels inside each parameter. */
export const MAX_BODY_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;

/**
 * Why the body's shape is refused, or undefined. Counts separators and openers outside strings (an
 * upper bound on the values) and tracks nesting; it does not validate the JSON, which the parser
 * still does.
 */
export function jsonShapeViolation(body: Uint8Array, maxValues = MAX_BODY_VALUES): string | undefined {
  let values = 1;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i]!;
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
      continue;
    }
    if (byte === QUOTE) inString = true;
    else if (byte === COMMA) values++;
    else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
      values++;
      if (++depth > MAX_BODY_DEPTH) return `is nested too deeply (maximum is ${MAX_BODY_DEPTH} levels)`;
    } else if (byte === CLOSE_BRACKET || byte === CLOSE_BRACE) depth--;
    if (values > maxValues) return `has too many values (maximum is ${maxValues})`;
  }
  return undefined;
}

/** Fields of one form body (`a=1&b=2`), counted the same way. */
export function formShapeViolation(body: Uint8Array): string | undefined {
  let fields = 1;
  for (let at = body.indexOf(0x26); at !== -1; at = body.indexOf(0x26, at + 1)) {
    if (++fields > MAX_BODY_VALUES) return `has too many fields (maximum is ${MAX_BODY_VALUES})`;
  }
  return undefined;
}

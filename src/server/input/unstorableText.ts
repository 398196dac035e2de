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
 * Deepest nesting any parameter may have: GitLab's deepest is a list of objects inside an object
 * (`{ epic: { labels: [...] } }`). Deeper input is refused before code that walks it recursively
 * (`String(value)` of a nested array) can overflow the stack.
 */
const MAX_NESTING = 16;

/**
 * The first string (value or key) anywhere in a parsed input that cannot be stored, or the first
 * value nested too deeply, with the top-level name it came under. Walks with an explicit stack: a
 * deeply nested JSON body must not overflow the call stack here.
 */
export function findUnstorableText(
  input: unknown,
): { readonly name: string; readonly reason: string } | undefined {
  if (!input || typeof input !== 'object') return undefined;
  const stack: [string, unknown, number][] = Object.entries(input).map(([key, value]) => [key, value, 1]);
  for (const [name] of stack) {
    const reason = unstorableTextReason(name);
    if (reason) return { name: 'parameter name', reason };
  }
  while (stack.length > 0) {
    const [name, value, depth] = stack.pop() as [string, unknown, number];
    if (typeof value === 'string') {
      const reason = unstorableTextReason(value);
      if (reason) return { name, reason };
    } else if (value && typeof value === 'object') {
      if (depth >= MAX_NESTING) return { name, reason: 'is nested too deeply' };
      for (const [key, item] of Object.entries(value)) {
        const reason = unstorableTextReason(key);
        if (reason) return { name, reason };
        stack.push([name, item, depth + 1]);
      }
    }
  }
  return undefined;
}

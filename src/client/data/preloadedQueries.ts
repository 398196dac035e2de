/**
 * The query answers the server embedded in the page (core/pages: PreloadedQuery), so that the first
 * data arrives with the HTML instead of after the code. Each is taken at most once, and only by a
 * query with the same operation and the same variables; anything else asks the server as usual.
 */
import { canonicalJson } from '../../core/lib/canonicalJson.ts';
import { PRELOADED_QUERIES_ID, type PreloadedQuery } from '../../core/pages/pageMount.ts';

let preloaded: Map<string, unknown> | null = null;

const keyOf = (operationName: string, variables: unknown): string =>
  `${operationName} ${canonicalJson(variables)}`;

function readPreloaded(): Map<string, unknown> {
  const answers = new Map<string, unknown>();
  const element = document.getElementById(PRELOADED_QUERIES_ID);
  if (!element?.textContent) return answers;
  try {
    const entries = JSON.parse(element.textContent) as readonly PreloadedQuery[];
    for (const entry of entries) answers.set(keyOf(entry.operationName, entry.variables), entry.data);
  } catch {
    // A page without usable answers asks for its data like any other.
  }
  element.remove();
  return answers;
}

/** The embedded answer of this query, once; undefined when there is none for these variables. */
export function takePreloadedAnswer(operationName: string, variables: unknown): unknown {
  preloaded ??= readPreloaded();
  const key = keyOf(operationName, variables);
  const data = preloaded.get(key);
  preloaded.delete(key);
  return data;
}

/** Reading what the creation pages are given, and what the API refused. */
import type { VisibilityChoicesJson } from '../../../core/domain/namespaceCreation.ts';
import { isVisibility } from '../../../core/domain/visibility.ts';

/** A `VisibilityChoicesJson` from the page's JSON; levels it cannot read are left out. */
export function parseChoices(value: Readonly<Record<string, unknown>>): VisibilityChoicesJson {
  const levels = Array.isArray(value.levels)
    ? value.levels.flatMap((entry) => {
        const item = entry as { level?: unknown; problem?: unknown };
        return isVisibility(item?.level)
          ? [{ level: item.level, problem: typeof item.problem === 'string' ? item.problem : null }]
          : [];
      })
    : [];
  return { levels, start: isVisibility(value.start) ? value.start : null };
}

/** A field's problems, as one line ('has already been taken'). */
export const problemOf = (
  fields: Readonly<Record<string, readonly string[]>>,
  name: string,
): string | undefined => (fields[name]?.length ? fields[name].join(', ') : undefined);

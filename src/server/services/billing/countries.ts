/**
 * The countries a billing address may name and their states, from the ISO 3166 data package (kept
 * current by its maintainers, not typed in here). GitLab's shapes: `/-/countries` answers
 * `[[name, code], …]` by name, `/-/country_states` answers `{ name: code }`.
 */
import { iso31661, iso31662 } from 'iso-3166';

const collator = new Intl.Collator('en');

const COUNTRIES: readonly (readonly [string, string])[] = iso31661
  .map((country) => [country.name, country.alpha2] as const)
  .sort((a, b) => collator.compare(a[0], b[0]));

const COUNTRY_CODES = new Set(iso31661.map((country) => country.alpha2));

/** Each country's first-level subdivisions (states, provinces, regions) by name, sorted. */
const STATES = new Map<string, readonly (readonly [string, string])[]>();
for (const subdivision of iso31662) {
  if (!COUNTRY_CODES.has(subdivision.parent)) continue;
  const code = subdivision.code.slice(subdivision.parent.length + 1);
  STATES.set(subdivision.parent, [
    ...(STATES.get(subdivision.parent) ?? []),
    [subdivision.name, code] as const,
  ]);
}
for (const [country, states] of STATES) {
  STATES.set(
    country,
    [...states].sort((a, b) => collator.compare(a[0], b[0])),
  );
}

export const listCountries = (): readonly (readonly [string, string])[] => COUNTRIES;

export const isCountryCode = (code: string): boolean => COUNTRY_CODES.has(code);

/** A country's states as `[name, code]`, by name; undefined for a code that is no country. */
export function statesOf(country: string): readonly (readonly [string, string])[] | undefined {
  if (!COUNTRY_CODES.has(country)) return undefined;
  return STATES.get(country) ?? [];
}

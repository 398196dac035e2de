/**
 * English count wording: '1 epic', '2 epics', '0 epics'. Counts of 1,000 and more get thousands
 * separators, as the roadmap's toolbar shows them.
 */

/** The noun for a count: `singular` for exactly one, `plural` otherwise. */
export function nounFor(count: number, singular: string, plural = `${singular}s`): string {
  return count === 1 ? singular : plural;
}

/** One formatter for every count: `toLocaleString` builds a new one at each call. */
const COUNT_FORMAT = new Intl.NumberFormat('en-US');

/** '1,200': a number with thousands separators, as counts and limits are shown. */
export function formatCount(count: number): string {
  return COUNT_FORMAT.format(count);
}

/** '1 open issue', '3 open issues', '1,200 epics'. */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${nounFor(count, singular, plural)}`;
}

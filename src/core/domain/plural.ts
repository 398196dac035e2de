/**
 * English count wording: '1 epic', '2 epics', '0 epics'. Counts of 1,000 and more get thousands
 * separators, as the roadmap's toolbar shows them.
 */

/** The noun for a count: `singular` for exactly one, `plural` otherwise. */
export function nounFor(count: number, singular: string, plural = `${singular}s`): string {
  return count === 1 ? singular : plural;
}

/** '1 open issue', '3 open issues', '1,200 epics'. */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${nounFor(count, singular, plural)}`;
}

/**
 * A milestone's progress over its issues, as GitLab's `percent_complete`: closed × 100 ÷ total,
 * rounded down (100 only when every issue is closed), 0 when it has none.
 */
export function milestonePercentComplete(closed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((closed * 100) / total)));
}

/** The progress texts: '40% complete' and '4 of 10 issues closed'. */
export function milestoneProgressTexts(closed: number, total: number): { percent: string; issues: string } {
  return {
    percent: `${milestonePercentComplete(closed, total)}% complete`,
    issues: `${closed} of ${total} ${total === 1 ? 'issue' : 'issues'} closed`,
  };
}

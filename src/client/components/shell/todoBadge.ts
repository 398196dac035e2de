/** GitLab's to-do badge text: at most "99+", and none when nothing is pending. */
export const todoBadgeText = (count: number): string | null =>
  count <= 0 ? null : count > 99 ? '99+' : String(count);

/**
 * GitLab's issue health status: stored as 1, 2, 3 (`issues.health_status`, null for none), named by
 * GraphQL's HealthStatus enum, shown with GitLab's texts.
 */
export type HealthStatus = 'onTrack' | 'needsAttention' | 'atRisk';

export const HEALTH_STATUS_CODE: Readonly<Record<HealthStatus, number>> = {
  onTrack: 1,
  needsAttention: 2,
  atRisk: 3,
};

const HEALTH_STATUS_BY_CODE: readonly (HealthStatus | null)[] = [null, 'onTrack', 'needsAttention', 'atRisk'];

/** The status a stored code stands for; null for none (0) and for codes GitLab does not have. */
export function healthStatusOfCode(code: number): HealthStatus | null {
  return HEALTH_STATUS_BY_CODE[code] ?? null;
}

/** GitLab's health status texts. */
export const HEALTH_STATUS_TEXT: Readonly<Record<HealthStatus, string>> = {
  onTrack: 'On track',
  needsAttention: 'Needs attention',
  atRisk: 'At risk',
};

export const isHealthStatus = (value: string): value is HealthStatus =>
  Object.hasOwn(HEALTH_STATUS_CODE, value);

/** GitLab's membership access levels; a member's level is inherited by every subgroup and project below. */
export const AccessLevel = {
  NoAccess: 0,
  Guest: 10,
  Reporter: 20,
  Developer: 30,
  Maintainer: 40,
  Owner: 50,
} as const;

export type AccessLevel = (typeof AccessLevel)[keyof typeof AccessLevel];

export const MEMBER_ACCESS_LEVELS: readonly AccessLevel[] = [10, 20, 30, 40, 50];

export function isAccessLevel(value: unknown): value is AccessLevel {
  return value === 0 || MEMBER_ACCESS_LEVELS.includes(value as AccessLevel);
}

export const ACCESS_LEVEL_NAMES: Readonly<Record<AccessLevel, string>> = {
  0: 'No access',
  10: 'Guest',
  20: 'Reporter',
  30: 'Developer',
  40: 'Maintainer',
  50: 'Owner',
};

/** A level's name ('Developer'); 'Custom' for a level GitLab names only for custom roles. */
export function accessLevelName(level: number): string {
  return isAccessLevel(level) ? ACCESS_LEVEL_NAMES[level] : 'Custom';
}

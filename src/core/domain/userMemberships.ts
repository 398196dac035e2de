/** A group or project a user is a member of, with the role their membership gives them there. */
export interface UserMembershipView {
  readonly id: number;
  readonly name: string;
  readonly fullPath: string;
  /** 'Guest' … 'Owner'. */
  readonly role: string;
}

/** The profile's Groups and Projects: those the viewer may see (the page mount's `memberships`). */
export interface UserMembershipsView {
  readonly groups: readonly UserMembershipView[];
  readonly projects: readonly UserMembershipView[];
}

const EMPTY: UserMembershipsView = { groups: [], projects: [] };

function membershipsOf(value: unknown): UserMembershipView[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const row = item as Record<string, unknown>;
    if (typeof row.id !== 'number' || typeof row.fullPath !== 'string') return [];
    return [
      {
        id: row.id,
        name: typeof row.name === 'string' ? row.name : row.fullPath,
        fullPath: row.fullPath,
        role: typeof row.role === 'string' ? row.role : '',
      },
    ];
  });
}

/** The mount's JSON, read defensively: what is malformed is left out. */
export function parseUserMemberships(json: string): UserMembershipsView {
  if (!json) return EMPTY;
  try {
    const value = JSON.parse(json) as Record<string, unknown>;
    return { groups: membershipsOf(value.groups), projects: membershipsOf(value.projects) };
  } catch {
    return EMPTY;
  }
}

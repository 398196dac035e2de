/** GitLab's visibility levels, with the integers GitLab stores and the words its APIs return. */
export const VISIBILITIES = ['private', 'internal', 'public'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const VISIBILITY_LEVEL: Readonly<Record<Visibility, number>> = {
  private: 0,
  internal: 10,
  public: 20,
};

export function isVisibility(value: unknown): value is Visibility {
  return typeof value === 'string' && (VISIBILITIES as readonly string[]).includes(value);
}

/** A child can never be more visible than its parent: the effective level is the least visible of the chain. */
export function mostRestrictive(a: Visibility, b: Visibility): Visibility {
  return VISIBILITY_LEVEL[a] <= VISIBILITY_LEVEL[b] ? a : b;
}

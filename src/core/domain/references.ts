/** Issuable references: & for epics, # for issues, ! for merge requests (spec: issuable types). */
export const REFERENCE_PREFIX = { epic: '&', issue: '#', merge_request: '!' } as const;
export type ReferenceKind = keyof typeof REFERENCE_PREFIX;

/** `&5` within its own namespace, `group/path&5` in full. */
export function issuableReference(kind: ReferenceKind, iid: number, fullPath: string, full: boolean): string {
  const short = `${REFERENCE_PREFIX[kind]}${iid}`;
  return full ? `${fullPath}${short}` : short;
}

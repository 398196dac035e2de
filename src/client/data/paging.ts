/** Cursor paging as GitLab's newer lists do it: `page_after` moves forward, `page_before` back. */
export interface PageCursor {
  readonly after: string | null;
  readonly before: string | null;
}

export interface PageVariables {
  first: number | null;
  last: number | null;
  after: string | null;
  before: string | null;
}

/** Forward paging asks for the first N after a cursor; backward paging for the last N before one. */
export function pageVariables(cursor: PageCursor, size: number): PageVariables {
  if (cursor.before) return { first: null, last: size, after: null, before: cursor.before };
  return { first: size, last: null, after: cursor.after, before: null };
}

/** What the tree's forms know of the parent epic and where they send (spec §3 "Tree parent item", "Tree config"). */

export interface TreeFormParent {
  /** The epic's numeric id: `parent_id` of a new child epic, `epic_id` of a new issue. */
  readonly numericalId: number;
  /** The full path of the epic's group. */
  readonly fullPath: string;
  readonly groupId: number;
  readonly groupName: string;
  /** A confidential parent takes only confidential children (spec §5). */
  readonly confidential: boolean;
}

export interface TreeFormEndpoints {
  /** `/groups/:path/-/epics/:iid/links`: POST `{ issuable_references }` adds child epics. */
  readonly epicsEndpoint: string;
  /** `/groups/:path/-/epics/:iid/issues`: POST `{ issuable_references }` adds issues. */
  readonly issuesEndpoint: string;
  /** `/groups/:path/-/autocomplete_sources/epics` and `/issues`. */
  readonly autoCompleteEpics: string;
  readonly autoCompleteIssues: string;
}

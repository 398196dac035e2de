/** What the tree's forms know of the parent epic and where they send (spec, "Tree parent item", "Tree config"). */

export interface TreeFormParent {
  /** The epic's numeric id: `parent_id` of a new child epic, `epic_id` of a new issue. */
  readonly numericalId: number;
  /** The full path of the epic's group. */
  readonly fullPath: string;
  readonly groupId: number;
  readonly groupName: string;
  /** Spec: a confidential parent "accepts only confidential children". */
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

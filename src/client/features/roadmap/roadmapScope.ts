/**
 * What a roadmap view needs to know of the place that shows it: the group page's mount attributes
 * (roadmap spec), or what the epic page's Roadmap view knows of its epic. RoadmapPageProps
 * satisfies it as it is.
 */
export interface RoadmapScope {
  /** The group whose roadmap this is: top-level epics of other groups name their group. '' if unknown. */
  readonly groupId: string;
  readonly allowSubEpics: boolean;
  /** The empty state's 'New epic' link (spec: "only if the user can create epics and no filters are applied"). */
  readonly canCreateEpic: boolean;
  readonly newEpicPath: string;
  readonly listEpicsPath: string;
  readonly epicsDocsPath: string;
  /**
   * The rows are one epic's child epics (GitLab's child-epics flag): the empty state asks for dates
   * on the child epics. Absent on the group roadmap.
   */
  readonly childEpics?: boolean;
}

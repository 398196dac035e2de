import { readFileSync } from 'node:fs';

const read = (name: string) =>
  readFileSync(new URL(`../fixtures/gitlab/${name}.graphql`, import.meta.url), 'utf8');
const baseEpic = read('baseEpic.fragment');
const pageInfo = read('pageInfo.fragment');

/** GitLab's own roadmap operations (the group epics, child epics and milestones queries), sent unchanged. */
export const GITLAB_QUERIES = {
  roadmapGroupEpics: `${read('roadmapGroupEpics')}\n${baseEpic}\n${pageInfo}`,
  roadmapGroupEpicsWithColor: `${read('roadmapGroupEpicsWithColor')}\n${baseEpic}\n${pageInfo}`,
  epicChildEpics: `${read('epicChildEpics')}\n${baseEpic}`,
  groupMilestonesEE: read('groupMilestonesEE'),
} as const;

export interface RoadmapEpic {
  id: string;
  iid: string;
  title: string;
  state: string;
  startDate: string | null;
  dueDate: string | null;
  confidential: boolean;
  hasChildren: boolean;
  hasChildrenWithinTimeframe: boolean;
  hasParent: boolean;
  blocked: boolean;
  blockedByCount: number;
  descendantCounts: { openedEpics: number; closedEpics: number; openedIssues: number; closedIssues: number };
  descendantWeightSum: { openedIssues: number; closedIssues: number };
  group: { fullPath: string };
  labels: { nodes: { title: string }[] };
  ancestors: { nodes: { id: string }[] };
  parent: { id: string } | null;
}

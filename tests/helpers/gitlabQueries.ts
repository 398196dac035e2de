import { readFileSync } from 'node:fs';

const read = (name: string) =>
  readFileSync(new URL(`../fixtures/gitlab/${name}.graphql`, import.meta.url), 'utf8');
const baseEpic = read('baseEpic.fragment');
const pageInfo = read('pageInfo.fragment');

/**
 * A GitLab document with its `#import "…/name.graphql"` lines resolved, as GitLab's webpack loader does:
 * each imported file (by its name, from the fixtures folder) once, after the document.
 */
export function readWithImports(name: string): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = read(file);
    parts.push(text);
    for (const match of text.matchAll(/^#import "(?:.*\/)?([^/"]+)\.graphql"$/gm)) visit(match[1]!);
  };
  visit(name);
  return parts.join('\n');
}

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

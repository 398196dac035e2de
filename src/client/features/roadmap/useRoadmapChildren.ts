/**
 * Child epics of expanded rows (spec, "Expand/collapse epic"): collapse if expanded; expand at
 * once if the children are loaded; otherwise fetch them (with the roadmap's filters, from the
 * parent's own group) and expand when they arrive. A failure clears the loading flag and raises the
 * fetch alert. New filters, state, range or sort clear the children and their flags (spec: "… clears the epics, child flags…").
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type RoadmapChildEpicsQueryVariables,
  type RoadmapEpicView,
  useRoadmapChildEpicsFetcher,
} from '../../data/index.ts';
import type { RoadmapTreeState } from '../../state/index.ts';

/** What the top rows were asked with, and children are asked with again (GitLab's child epics query). */
export type RoadmapChildFilters = Omit<RoadmapChildEpicsQueryVariables, 'fullPath' | 'iid'>;

export interface RoadmapChildren {
  readonly children: ReadonlyMap<number, readonly RoadmapEpicView[]>;
  readonly childrenError: boolean;
  readonly toggle: (epic: RoadmapEpicView, expand: boolean) => void;
}

export function useRoadmapChildren(variables: RoadmapChildFilters, tree: RoadmapTreeState): RoadmapChildren {
  const [children, setChildren] = useState<ReadonlyMap<number, readonly RoadmapEpicView[]>>(new Map());
  const [childrenError, setChildrenError] = useState(false);
  const fetchChildren = useRoadmapChildEpicsFetcher();

  const variablesKey = JSON.stringify(variables);
  const childrenOf = useRef(variablesKey);
  const { reset, setExpanded, setLoadingChildren } = tree;
  useEffect(() => {
    if (childrenOf.current === variablesKey) return;
    childrenOf.current = variablesKey;
    reset();
    setChildren(new Map());
    setChildrenError(false);
  }, [variablesKey, reset]);

  const toggle = useCallback(
    (epic: RoadmapEpicView, expand: boolean) => {
      if (!expand || children.has(epic.id)) {
        setExpanded(epic.id, expand);
        return;
      }
      setLoadingChildren(epic.id, true);
      fetchChildren({
        fullPath: epic.groupFullPath,
        iid: epic.iid,
        state: variables.state,
        sort: variables.sort,
        timeframe: variables.timeframe,
        labelName: variables.labelName,
        authorUsername: variables.authorUsername,
        confidential: variables.confidential,
        search: variables.search,
      })
        .then((list) => {
          setChildren((map) => new Map(map).set(epic.id, list));
          setExpanded(epic.id, true);
        })
        .catch(() => setChildrenError(true))
        .finally(() => setLoadingChildren(epic.id, false));
    },
    [children, setExpanded, setLoadingChildren, fetchChildren, variables],
  );
  return { children, childrenError, toggle };
}

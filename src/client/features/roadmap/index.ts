/**
 * The group roadmap page, and the roadmap of an epic's child epics that the epic page's child-items
 * card shows.
 */
import { lazy } from 'react';

export { EpicRoadmap, type EpicRoadmapProps } from './EpicRoadmap.tsx';
export type { RoadmapPageProps } from './RoadmapPage.tsx';

/**
 * The group roadmap page, loaded on demand so that other pages do not carry it: mount it inside a
 * Suspense boundary.
 */
export const RoadmapPage = lazy(() =>
  import('./RoadmapPage.tsx').then((module) => ({ default: module.RoadmapPage })),
);

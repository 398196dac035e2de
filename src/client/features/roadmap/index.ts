/**
 * The group roadmap page, and the roadmap of an epic's child epics that the epic page's child-items
 * card shows. The app loads the page lazily (app/pages.tsx), so other pages do not carry the canvas.
 */
export { EpicRoadmap, type EpicRoadmapProps } from './EpicRoadmap.tsx';
export { RoadmapPage, type RoadmapPageProps } from './RoadmapPage.tsx';

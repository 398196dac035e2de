/**
 * Roadmap export and print (issue 23): the toolbar's Export button and dialog (PNG of the view or
 * the whole roadmap, PDF, CSV; background work with progress and Cancel) and the printed picture.
 */
export type { ExportViewport, RoadmapExportSource } from './exportSource.ts';
export { RoadmapExportButton } from './RoadmapExportButton.tsx';
export { RoadmapPrintImage } from './RoadmapPrintImage.tsx';

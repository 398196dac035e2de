/**
 * The contract between the roadmap page and its layout worker: types only, imported by both sides
 * (the main thread wraps it in `Comlink.Remote<RoadmapLayoutApi>`, so every method returns a
 * Promise there). Messages are small: view specs, epics by id, a viewport. Answers are
 * `LayoutSnapshot`s whose numbers travel in one transferred ArrayBuffer, tagged with the epoch
 * (request counter) of their request so the page can drop stale ones.
 */
import type { RoadmapChange, ViewSpec } from '../src/core/layout/roadmapSession.ts';
import type { LayoutSnapshot } from '../src/core/layout/snapshot.ts';
import type { LayoutViewport } from '../src/core/layout/windowLayout.ts';

export type { RoadmapEpicInput } from '../src/core/layout/roadmapEpic.ts';
export type { ScaleSpec, TimeframeSpec } from '../src/core/time/scaleSpec.ts';
export type { LayoutSnapshot, LayoutViewport, RoadmapChange, ViewSpec };

export interface RoadmapLayoutApi {
  /** Starts (or restarts) a roadmap with a view and no epics. */
  init(view: ViewSpec): void;
  /** Applies changes (view, epics removed/upserted by id, expansion) and lays out the viewport. */
  update(epoch: number, change: RoadmapChange, viewport: LayoutViewport): LayoutSnapshot;
  /** Lays out the viewport as it is: pans and scrolls. */
  layout(epoch: number, viewport: LayoutViewport): LayoutSnapshot;
  /** The list row of an epic, or -1 when it is not listed (to scroll it into view). */
  rowOf(id: number): number;
  /** Drops every epic and the session (unmount). */
  dispose(): void;
}

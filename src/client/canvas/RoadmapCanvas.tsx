/**
 * Hosts the roadmap's PixiJS scene (PixiHost: renderer choice, theme palette, context loss) and
 * hands the page a CanvasSurface to draw frames on; the page's frame scheduler calls `draw`.
 */
import { memo } from 'react';
import { PixiHost, type PixiSurface, type RendererKind } from './PixiHost.tsx';
import type { RoadmapFrame } from './roadmapFrame.ts';
import { RoadmapScene } from './roadmapScene.ts';

export { chooseRenderer, type RendererKind } from './PixiHost.tsx';

export type CanvasSurface = PixiSurface<RoadmapFrame>;

export interface RoadmapCanvasProps {
  readonly renderer: RendererKind;
  readonly onReady: (surface: CanvasSurface | null) => void;
  /** The WebGL context was lost (true) or restored (false). */
  readonly onContextLost: (lost: boolean) => void;
}

const createRoadmapScene = () => new RoadmapScene();

/**
 * Memoised: the roadmap view re-renders with each new snapshot while scrolling, and the canvas
 * host's props do not change then (re-rendering Pixi's React tree cost a tenth of a scroll frame).
 */
export const RoadmapCanvas = memo(function RoadmapCanvas({
  renderer,
  onReady,
  onContextLost,
}: RoadmapCanvasProps) {
  return (
    <PixiHost
      renderer={renderer}
      className="roadmap-canvas-element"
      createScene={createRoadmapScene}
      onReady={onReady}
      onContextLost={onContextLost}
    />
  );
});

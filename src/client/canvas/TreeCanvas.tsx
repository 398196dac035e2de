/**
 * Hosts the epic child tree's PixiJS scene (PixiHost: renderer choice, theme palette, context
 * loss) under the tree's DOM overlay, and hands the card a TreeCanvasSurface; the page's frame
 * scheduler calls `draw`, and `resize` follows the card's size.
 */
import { useState } from 'react';
import { chooseRenderer, PixiHost, type PixiSurface, type RendererKind } from './PixiHost.tsx';
import type { TreeFrame } from './treeFrame.ts';
import { TreeScene } from './treeScene.ts';

export type TreeCanvasSurface = PixiSurface<TreeFrame>;

export interface TreeCanvasProps {
  /** Which renderer draws; by default chosen once from the GPU and `?renderer=` (chooseRenderer). */
  readonly renderer?: RendererKind;
  readonly onReady: (surface: TreeCanvasSurface | null) => void;
  /** The WebGL context was lost (true) or restored (false): show the rows as DOM meanwhile. */
  readonly onContextLost: (lost: boolean) => void;
}

const createTreeScene = () => new TreeScene();

export function TreeCanvas({ renderer, onReady, onContextLost }: TreeCanvasProps) {
  const [kind] = useState(() => renderer ?? chooseRenderer(window.location.search));
  return (
    <PixiHost
      renderer={kind}
      className="tree-canvas-element"
      createScene={createTreeScene}
      onReady={onReady}
      onContextLost={onContextLost}
    />
  );
}

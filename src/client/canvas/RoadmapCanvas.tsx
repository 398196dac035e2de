/**
 * Hosts the roadmap's PixiJS application (through @pixi/react) and hands the page a CanvasSurface
 * to draw frames on. The application never runs its own ticker: the page's frame scheduler calls
 * `draw`. Colours follow the theme; a lost WebGL context is reported so the page can show the same
 * rows as plain DOM until the context comes back.
 */
// The page's CSP has no 'unsafe-eval'; this swaps Pixi's generated shader code for precompiled paths.
import 'pixi.js/unsafe-eval';
import { Application } from '@pixi/react';
import type { Application as PixiApplication } from 'pixi.js';
import { useCallback, useEffect, useRef } from 'react';
import { type CanvasPalette, readPalette } from './palette.ts';
import type { RoadmapFrame } from './roadmapFrame.ts';
import { RoadmapScene } from './roadmapScene.ts';

export interface CanvasSurface {
  /** Draws a frame now (call from the frame scheduler); returns the JS time it took, ms. */
  draw(frame: RoadmapFrame): number;
  resize(width: number, height: number): void;
}

export interface RoadmapCanvasProps {
  readonly renderer: RendererKind;
  readonly onReady: (surface: CanvasSurface | null) => void;
  /** The WebGL context was lost (true) or restored (false). */
  readonly onContextLost: (lost: boolean) => void;
}

export type RendererKind = 'webgl' | 'canvas';

/**
 * Which Pixi renderer draws the roadmap. WebGL on a real GPU. When the only WebGL is a software
 * one (SwiftShader, llvmpipe: no GPU, or GPU access disabled), Canvas 2D instead: the browser then
 * composites in software and reads a WebGL canvas back every frame, which measured 14–22 ms a frame
 * at 1000×640 (bench/render), while Canvas 2D keeps scrolling and zooming on time. `?renderer=` in
 * the page's URL overrides the choice.
 */
export function chooseRenderer(search: string): RendererKind {
  const forced = new URLSearchParams(search).get('renderer');
  if (forced === 'webgl' || forced === 'canvas') return forced;
  try {
    const probe = document.createElement('canvas');
    const gl = probe.getContext('webgl2') ?? probe.getContext('webgl');
    if (!gl) return 'canvas';
    const debug = gl.getExtension('WEBGL_debug_renderer_info');
    const name = String(gl.getParameter(debug ? debug.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return /swiftshader|llvmpipe|softpipe|software|basic render/i.test(name) ? 'canvas' : 'webgl';
  } catch {
    return 'canvas';
  }
}

export function RoadmapCanvas({ renderer, onReady, onContextLost }: RoadmapCanvasProps) {
  const cleanup = useRef<(() => void) | null>(null);
  const surfaceRef = useRef<CanvasSurface | null>(null);
  // @pixi/react keeps the first onInit it was given: read the newest callbacks through refs.
  const readyRef = useRef(onReady);
  const lostRef = useRef(onContextLost);
  readyRef.current = onReady;
  lostRef.current = onContextLost;
  useEffect(() => {
    if (surfaceRef.current) onReady(surfaceRef.current);
  }, [onReady]);
  const handleInit = useCallback((app: PixiApplication) => {
    app.ticker.stop();
    const scene = new RoadmapScene();
    app.stage.addChild(scene.root);
    let palette: CanvasPalette = readPalette(document.documentElement);
    const themeWatcher = new MutationObserver(() => {
      palette = readPalette(document.documentElement);
    });
    themeWatcher.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    const canvas = app.canvas;
    const lost = (event: Event) => {
      event.preventDefault();
      lostRef.current(true);
    };
    const restored = () => lostRef.current(false);
    canvas.addEventListener('webglcontextlost', lost);
    canvas.addEventListener('webglcontextrestored', restored);
    surfaceRef.current = {
      draw(frame) {
        // @pixi/react destroys the application on unmount; a frame already asked for may still come.
        if (!app.renderer) return 0;
        const started = performance.now();
        scene.draw(frame, palette);
        app.render();
        return performance.now() - started;
      },
      resize(width, height) {
        app.renderer.resize(width, height, Math.max(1, window.devicePixelRatio || 1));
      },
    };
    readyRef.current(surfaceRef.current);
    cleanup.current = () => {
      themeWatcher.disconnect();
      canvas.removeEventListener('webglcontextlost', lost);
      canvas.removeEventListener('webglcontextrestored', restored);
      scene.destroy();
    };
  }, []);
  useEffect(
    () => () => {
      readyRef.current(null);
      surfaceRef.current = null;
      cleanup.current?.();
      cleanup.current = null;
    },
    [],
  );
  return (
    <Application
      className="roadmap-canvas-element"
      autoStart={false}
      sharedTicker={false}
      // Pixi 8.22 renders with 'canvas' (autoDetectRenderer takes it); the option's type lists only GPU ones.
      preference={renderer as 'webgl'}
      antialias
      backgroundAlpha={0}
      autoDensity
      resolution={Math.max(1, window.devicePixelRatio || 1)}
      onInit={handleInit}
    />
  );
}

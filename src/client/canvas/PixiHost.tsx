/**
 * Hosts one PixiJS application (through @pixi/react) for a scene and hands the page a surface to
 * draw frames on: the roadmap and the epic tree share it. The application never runs its own
 * ticker: the page's frame scheduler calls `draw`. Colours follow the theme; a lost WebGL context
 * is reported so the page can show the same rows as plain DOM until the context comes back.
 */
// The page's CSP has no 'unsafe-eval'; this swaps Pixi's generated shader code for precompiled paths.
import 'pixi.js/unsafe-eval';
import { Application } from '@pixi/react';
import type { Container, Application as PixiApplication } from 'pixi.js';
import { useCallback, useEffect, useRef } from 'react';
import { type CanvasPalette, readPalette } from './palette.ts';

export type RendererKind = 'webgl' | 'canvas';

/**
 * Which Pixi renderer draws. WebGL on a real GPU. When the only WebGL is a software one
 * (SwiftShader, llvmpipe: no GPU, or GPU access disabled), Canvas 2D instead: the browser then
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

/** A scene the host draws: a root container updated synchronously from a frame. */
export interface PixiScene<Frame> {
  readonly root: Container;
  draw(frame: Frame, palette: CanvasPalette): void;
  destroy(): void;
}

export interface PixiSurface<Frame> {
  /** Draws a frame now (call from the frame scheduler); returns the JS time it took, ms. */
  draw(frame: Frame): number;
  /** Canvas size, CSS px (the device pixel ratio is applied here). */
  resize(width: number, height: number): void;
}

export interface PixiHostProps<Frame> {
  readonly renderer: RendererKind;
  /** Class of the <canvas> element. */
  readonly className: string;
  /** Builds the scene once the application exists (called once per mount). */
  readonly createScene: () => PixiScene<Frame>;
  readonly onReady: (surface: PixiSurface<Frame> | null) => void;
  /** The WebGL context was lost (true) or restored (false). */
  readonly onContextLost: (lost: boolean) => void;
}

export function PixiHost<Frame>({
  renderer,
  className,
  createScene,
  onReady,
  onContextLost,
}: PixiHostProps<Frame>) {
  const cleanup = useRef<(() => void) | null>(null);
  const surfaceRef = useRef<PixiSurface<Frame> | null>(null);
  // @pixi/react keeps the first onInit it was given: read the newest callbacks through refs.
  const readyRef = useRef(onReady);
  const lostRef = useRef(onContextLost);
  const sceneRef = useRef(createScene);
  readyRef.current = onReady;
  lostRef.current = onContextLost;
  sceneRef.current = createScene;
  useEffect(() => {
    if (surfaceRef.current) onReady(surfaceRef.current);
  }, [onReady]);
  const handleInit = useCallback((app: PixiApplication) => {
    app.ticker.stop();
    const scene = sceneRef.current();
    app.stage.addChild(scene.root);
    let palette: CanvasPalette = readPalette(document.documentElement);
    /** The frame drawn last: a theme change draws it again in the new colours, with no wait for input. */
    let lastFrame: Frame | null = null;
    const drawNow = (frame: Frame) => {
      scene.draw(frame, palette);
      app.render();
    };
    const themeWatcher = new MutationObserver(() => {
      palette = readPalette(document.documentElement);
      if (lastFrame && app.renderer) drawNow(lastFrame);
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
        lastFrame = frame;
        drawNow(frame);
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
      className={className}
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

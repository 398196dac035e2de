/**
 * The tree's icons as white textures, tinted per use: the same 16×16 stroke paths as the DOM's
 * <Icon>, so canvas rows and overlay controls look alike. Painted on 2D canvases (paintedTexture),
 * so they come back by themselves after a lost WebGL context.
 */
import type { Texture } from 'pixi.js';
import { ICON_PATHS } from '../ui/Icon.tsx';
import { paintedTexture } from './sprites.ts';

export interface TreeIconTextures {
  readonly issueOpen: Texture;
  readonly issueClosed: Texture;
  readonly epic: Texture;
  readonly issues: Texture;
  readonly calendar: Texture;
  readonly clock: Texture;
  readonly weight: Texture;
  /** A filled circle (avatars). */
  readonly disc: Texture;
  /** A circle outline (the start of a drop line). */
  readonly ring: Texture;
}

/** Logical size of every icon texture, CSS px; sprites scale them down where smaller. */
const ICON_SIZE = 16;

function strokedIcon(path: string): Texture {
  return paintedTexture(ICON_SIZE, (context) => {
    context.lineWidth = 1.5;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.stroke(new Path2D(path));
  });
}

export function createTreeIcons(): TreeIconTextures {
  return {
    issueOpen: strokedIcon(ICON_PATHS.stateOpen),
    issueClosed: strokedIcon(ICON_PATHS.stateClosed),
    epic: strokedIcon(ICON_PATHS.epic),
    issues: strokedIcon(ICON_PATHS.issues),
    calendar: strokedIcon(ICON_PATHS.calendar),
    clock: strokedIcon(ICON_PATHS.clock),
    weight: strokedIcon(ICON_PATHS.weight),
    disc: paintedTexture(ICON_SIZE, (context) => {
      context.beginPath();
      context.arc(ICON_SIZE / 2, ICON_SIZE / 2, ICON_SIZE / 2, 0, Math.PI * 2);
      context.fill();
    }),
    ring: paintedTexture(ICON_SIZE, (context) => {
      context.lineWidth = 3;
      context.beginPath();
      context.arc(ICON_SIZE / 2, ICON_SIZE / 2, ICON_SIZE / 2 - 1.5, 0, Math.PI * 2);
      context.stroke();
    }),
  };
}

export function destroyTreeIcons(icons: TreeIconTextures): void {
  for (const texture of Object.values(icons)) texture.destroy(true);
}

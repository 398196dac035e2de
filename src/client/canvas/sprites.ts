/**
 * Shapes as tinted sprites: a white pixel stretched into lines and rectangles, and a white rounded
 * rectangle nine-sliced into bars of any width. Tinting and resizing a sprite allocates nothing,
 * so frames move sprites instead of rebuilding geometry.
 */
import { NineSliceSprite, Sprite, Texture } from 'pixi.js';

export function whiteSprite(): Sprite {
  const sprite = new Sprite(Texture.WHITE);
  sprite.roundPixels = true;
  return sprite;
}

/** Places a sprite as a rectangle (CSS px) of a colour. */
export function placeRect(
  sprite: Sprite,
  x: number,
  y: number,
  width: number,
  height: number,
  color: number,
  alpha = 1,
): void {
  sprite.position.set(x, y);
  sprite.width = Math.max(0, width);
  sprite.height = Math.max(0, height);
  sprite.tint = color;
  sprite.alpha = alpha;
}

const RADIUS = 4;

/**
 * A square white texture, `size` CSS px, that `paint` draws on a 2D canvas (fill and stroke are
 * white) at twice the device pixel ratio or more. Unlike a rendered texture, its pixels live on the
 * CPU side, so it comes back by itself after a lost WebGL context.
 */
export function paintedTexture(size: number, paint: (context: CanvasRenderingContext2D) => void): Texture {
  const scale = Math.max(2, Math.ceil(window.devicePixelRatio || 1));
  const canvas = document.createElement('canvas');
  canvas.width = size * scale;
  canvas.height = size * scale;
  const context = canvas.getContext('2d');
  if (context) {
    context.scale(scale, scale);
    context.fillStyle = '#ffffff';
    context.strokeStyle = '#ffffff';
    paint(context);
  }
  return Texture.from({ resource: canvas, resolution: scale });
}

/** A white rounded rectangle texture for nine-slice bars. */
export function roundedBarTexture(): Texture {
  const size = RADIUS * 2 + 2;
  return paintedTexture(size, (context) => {
    context.beginPath();
    context.roundRect(0, 0, size, size, RADIUS);
    context.fill();
  });
}

export function roundedBar(texture: Texture): NineSliceSprite {
  return new NineSliceSprite({
    texture,
    leftWidth: RADIUS,
    rightWidth: RADIUS,
    topHeight: RADIUS,
    bottomHeight: RADIUS,
  });
}

export function placeBar(
  bar: NineSliceSprite,
  x: number,
  y: number,
  width: number,
  height: number,
  color: number,
): void {
  bar.position.set(x, y);
  bar.width = Math.max(RADIUS * 2, width);
  bar.height = height;
  bar.tint = color;
}

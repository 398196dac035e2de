import { describe, expect, it } from 'vitest';
import {
  extensionMatches,
  imageTypeOf,
  metricImageUrlError,
  metricImageUrlTextError,
  sanitizedFilename,
} from './metricImages.ts';

const bytes = (...values: (number | string)[]) =>
  Uint8Array.from(
    values.flatMap((value) => (typeof value === 'string' ? [...value].map((c) => c.charCodeAt(0)) : [value])),
  );

describe('imageTypeOf', () => {
  it('reads PNG, JPEG, GIF and WebP from their magic numbers', () => {
    expect(imageTypeOf(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe('image/png');
    expect(imageTypeOf(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(imageTypeOf(bytes('GIF89a', 1, 0))).toBe('image/gif');
    expect(imageTypeOf(bytes('GIF87a'))).toBe('image/gif');
    expect(imageTypeOf(bytes('RIFF', 1, 2, 3, 4, 'WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses SVG, text, a RIFF that is not WebP and truncated headers', () => {
    expect(imageTypeOf(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(imageTypeOf(bytes('just some text, named .png'))).toBeNull();
    expect(imageTypeOf(bytes('RIFF', 1, 2, 3, 4, 'WAVE'))).toBeNull();
    expect(imageTypeOf(bytes(0x89, 'PN'))).toBeNull();
    expect(imageTypeOf(new Uint8Array())).toBeNull();
  });
});

describe('extensionMatches', () => {
  it('wants the extension of the type the bytes show, in any case', () => {
    expect(extensionMatches('graph.PNG', 'image/png')).toBe(true);
    expect(extensionMatches('graph.jpeg', 'image/jpeg')).toBe(true);
    expect(extensionMatches('graph.jpg', 'image/png')).toBe(false);
    expect(extensionMatches('graph', 'image/png')).toBe(false);
    expect(extensionMatches('graph.png.svg', 'image/png')).toBe(false);
  });
});

describe('sanitizedFilename', () => {
  it('keeps the last segment with safe characters only', () => {
    expect(sanitizedFilename('../../etc/pass wd.png')).toBe('pass_wd.png');
    expect(sanitizedFilename('C:\\shots\\CPU load (1).png')).toBe('CPU_load__1_.png');
    expect(sanitizedFilename('graphé.png')).toBe('graph_.png');
    expect(sanitizedFilename('..')).toBe('file');
  });

  it('shortens long names to 255 characters and keeps the extension', () => {
    const name = sanitizedFilename(`${'a'.repeat(400)}.png`);
    expect(name).toHaveLength(255);
    expect(name.endsWith('.png')).toBe(true);
  });
});

describe('link checks', () => {
  it('accepts web addresses and refuses other schemes and long values', () => {
    expect(metricImageUrlError('https://grafana.example.com/d/1')).toBeNull();
    expect(metricImageUrlError('javascript:alert(1)')).toMatch(/blocked/);
    expect(metricImageUrlError('not a url')).toMatch(/blocked/);
    expect(metricImageUrlError(`https://example.com/${'a'.repeat(300)}`)).toMatch(/too long/);
    expect(metricImageUrlTextError('a'.repeat(128))).toBeNull();
    expect(metricImageUrlTextError('a'.repeat(129))).toMatch(/too long/);
  });
});

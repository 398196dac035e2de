import { describe, expect, it } from 'vitest';
import { thumbGeometry } from './scrollThumbs.ts';

describe('scrollbar thumbs', () => {
  it('are as long as the visible share of the content, never under 24 px, and absent when nothing scrolls', () => {
    expect(thumbGeometry(500, 500, 2000, 0)).toEqual({ length: 125, offset: 0 });
    expect(thumbGeometry(500, 500, 100_000, 0)?.length).toBe(24);
    expect(thumbGeometry(500, 500, 500, 0)).toBeNull();
  });

  it('reach the end of the track at the end of the content', () => {
    expect(thumbGeometry(500, 500, 2000, 1500)).toEqual({ length: 125, offset: 375 });
  });
});

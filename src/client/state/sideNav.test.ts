import { describe, expect, it } from 'vitest';
import { parseSideNavCollapsed, sideNavCollapsedCookie } from './sideNav.ts';

describe('the side navigation cookie', () => {
  it('reads collapsed only from an explicit true', () => {
    expect(parseSideNavCollapsed('theme=dark; super_sidebar_collapsed=true')).toBe(true);
    expect(parseSideNavCollapsed('super_sidebar_collapsed=false')).toBe(false);
    expect(parseSideNavCollapsed('super_sidebar_collapsed=yes')).toBe(false);
    expect(parseSideNavCollapsed('')).toBe(false);
  });

  it('writes a site-wide cookie that reads back the same', () => {
    const cookie = sideNavCollapsedCookie(true);
    expect(cookie).toMatch(/^super_sidebar_collapsed=true; path=\//);
    expect(parseSideNavCollapsed(cookie.split(';')[0] ?? '')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import {
  collapsedGutterCookie,
  initialCollapsed,
  parseCollapsedGutter,
  SMALL_SCREEN_QUERY,
} from './collapsedGutter.ts';

describe('the collapsed_gutter cookie', () => {
  it('reads true and false among other cookies, with or without spaces', () => {
    expect(parseCollapsedGutter('a=1; collapsed_gutter=true; b=2')).toBe(true);
    expect(parseCollapsedGutter('collapsed_gutter=false')).toBe(false);
    expect(parseCollapsedGutter('x=y;collapsed_gutter=true')).toBe(true);
  });

  it('is null when absent, empty or not a boolean', () => {
    expect(parseCollapsedGutter('')).toBeNull();
    expect(parseCollapsedGutter('other=true')).toBeNull();
    expect(parseCollapsedGutter('collapsed_gutter=')).toBeNull();
    expect(parseCollapsedGutter('collapsed_gutter=yes')).toBeNull();
  });

  it('does not take a cookie whose name only ends like it', () => {
    expect(parseCollapsedGutter('not_collapsed_gutter=true')).toBeNull();
  });

  it('is written for the whole site and outlives the session', () => {
    expect(collapsedGutterCookie(true)).toMatch(
      /^collapsed_gutter=true; path=\/; max-age=\d+; SameSite=Lax$/,
    );
    expect(collapsedGutterCookie(false)).toMatch(/^collapsed_gutter=false;/);
  });
});

describe('the sidebar’s first state', () => {
  it('is collapsed on xs, sm and md screens whatever the cookie says', () => {
    expect(initialCollapsed(false, true)).toBe(true);
    expect(initialCollapsed(null, true)).toBe(true);
  });

  it('follows the cookie on large screens, expanded when there is none', () => {
    expect(initialCollapsed(true, false)).toBe(true);
    expect(initialCollapsed(false, false)).toBe(false);
    expect(initialCollapsed(null, false)).toBe(false);
  });

  it('treats viewports narrower than 992 px as small', () => {
    expect(SMALL_SCREEN_QUERY).toBe('(max-width: 991.98px)');
  });
});

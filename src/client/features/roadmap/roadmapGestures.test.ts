import { describe, expect, it } from 'vitest';
import { moveModeKeyAction, PAN_STEP, rowKeyAction, viewKeyAction, wheelAction } from './roadmapGestures.ts';

const wheel = { deltaX: 0, deltaY: 0, deltaMode: 0, ctrlKey: false, metaKey: false, shiftKey: false };
const key = { key: '', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false };

describe('wheel gestures on the roadmap', () => {
  it('scrolls vertically by the wheel, and sideways with shift', () => {
    expect(wheelAction({ ...wheel, deltaY: 100 }, 600)).toEqual({ kind: 'scroll', dx: 0, dy: 100 });
    expect(wheelAction({ ...wheel, deltaY: 100, shiftKey: true }, 600)).toEqual({
      kind: 'scroll',
      dx: 100,
      dy: 0,
    });
    expect(wheelAction({ ...wheel, deltaX: 30, deltaY: 5 }, 600)).toEqual({ kind: 'scroll', dx: 30, dy: 5 });
  });

  it('counts line and page deltas in pixels', () => {
    expect(wheelAction({ ...wheel, deltaY: 3, deltaMode: 1 }, 600)).toEqual({
      kind: 'scroll',
      dx: 0,
      dy: 48,
    });
    expect(wheelAction({ ...wheel, deltaY: 1, deltaMode: 2 }, 600)).toEqual({
      kind: 'scroll',
      dx: 0,
      dy: 600,
    });
  });

  it('zooms with ctrl or cmd (and pinch), in at a negative delta, at most half a level an event', () => {
    expect(wheelAction({ ...wheel, deltaY: -100, ctrlKey: true }, 600)).toEqual({
      kind: 'zoom',
      levels: 0.2,
    });
    expect(wheelAction({ ...wheel, deltaY: 100, metaKey: true }, 600)).toEqual({
      kind: 'zoom',
      levels: -0.2,
    });
    expect(wheelAction({ ...wheel, deltaY: -5000, ctrlKey: true }, 600)).toEqual({
      kind: 'zoom',
      levels: 0.5,
    });
  });
});

describe('keys on a treegrid row', () => {
  const collapsed = { hasChildren: true, expanded: false, level: 0 };
  const expanded = { hasChildren: true, expanded: true, level: 0 };
  const leafChild = { hasChildren: false, expanded: false, level: 2 };

  it.each([
    ['ArrowDown', collapsed, { kind: 'move', to: 'next' }],
    ['ArrowUp', collapsed, { kind: 'move', to: 'previous' }],
    ['Home', collapsed, { kind: 'move', to: 'first' }],
    ['End', collapsed, { kind: 'move', to: 'last' }],
    ['PageDown', collapsed, { kind: 'move', to: 'pageDown' }],
    ['PageUp', collapsed, { kind: 'move', to: 'pageUp' }],
    ['ArrowRight', collapsed, { kind: 'expand' }],
    ['ArrowRight', expanded, { kind: 'intoRow' }],
    ['ArrowLeft', expanded, { kind: 'collapse' }],
    ['ArrowLeft', leafChild, { kind: 'parent' }],
    ['ArrowLeft', collapsed, null],
    ['Enter', collapsed, { kind: 'open', newTab: false }],
    ['x', collapsed, null],
  ] as const)('%s on %o does %o', (name, row, action) => {
    expect(rowKeyAction({ ...key, key: name }, row)).toEqual(action);
  });

  it('opens in a new tab with ctrl or cmd + Enter', () => {
    expect(rowKeyAction({ ...key, key: 'Enter', metaKey: true }, collapsed)).toEqual({
      kind: 'open',
      newTab: true,
    });
  });
});

describe('keys that move the view', () => {
  it('zooms with + and - anywhere', () => {
    expect(viewKeyAction({ ...key, key: '+' }, true)).toEqual({ kind: 'zoom', direction: 1 });
    expect(viewKeyAction({ ...key, key: '-' }, false)).toEqual({ kind: 'zoom', direction: -1 });
    expect(viewKeyAction({ ...key, key: '+', ctrlKey: true }, false)).toBeNull();
  });

  it('pans with arrows on the timeline, and with shift + arrows from a row', () => {
    expect(viewKeyAction({ ...key, key: 'ArrowRight' }, false)).toEqual({ kind: 'pan', dx: PAN_STEP, dy: 0 });
    expect(viewKeyAction({ ...key, key: 'ArrowRight' }, true)).toBeNull();
    expect(viewKeyAction({ ...key, key: 'ArrowLeft', shiftKey: true }, true)).toEqual({
      kind: 'pan',
      dx: -PAN_STEP,
      dy: 0,
    });
    expect(viewKeyAction({ ...key, key: 'ArrowDown' }, false)).toEqual({ kind: 'pan', dx: 0, dy: 50 });
  });
});

describe('keys in move mode', () => {
  it('moves with the arrows, resizes the end with shift and the start with alt', () => {
    expect(moveModeKeyAction({ ...key, key: 'ArrowRight' })).toEqual({
      kind: 'step',
      edge: 'move',
      count: 1,
    });
    expect(moveModeKeyAction({ ...key, key: 'ArrowLeft', shiftKey: true })).toEqual({
      kind: 'step',
      edge: 'end',
      count: -1,
    });
    expect(moveModeKeyAction({ ...key, key: 'ArrowRight', altKey: true })).toEqual({
      kind: 'step',
      edge: 'start',
      count: 1,
    });
  });

  it('saves on Enter, cancels on Escape, and leaves browser shortcuts alone', () => {
    expect(moveModeKeyAction({ ...key, key: 'Enter' })).toEqual({ kind: 'commit' });
    expect(moveModeKeyAction({ ...key, key: 'Escape' })).toEqual({ kind: 'cancel' });
    expect(moveModeKeyAction({ ...key, key: 'ArrowLeft', ctrlKey: true })).toBeNull();
    expect(moveModeKeyAction({ ...key, key: 'x' })).toBeNull();
  });
});

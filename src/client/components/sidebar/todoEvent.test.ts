import { describe, expect, it } from 'vitest';
import { TODO_TOGGLE_EVENT, todoToggleEvent } from './todoEvent.ts';

describe('the to-do toggle event', () => {
  it('is GitLab’s todo:toggle with the new count', () => {
    const event = todoToggleEvent({ count: 4, delta: 1 });
    expect(event.type).toBe(TODO_TOGGLE_EVENT);
    expect(event.type).toBe('todo:toggle');
    expect(event.detail).toEqual({ count: 4, delta: 1 });
  });

  it('never carries a count below 0', () => {
    expect(todoToggleEvent({ count: -1, delta: -1 }).detail.count).toBe(0);
  });
});

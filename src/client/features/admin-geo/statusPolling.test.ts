import { describe, expect, it } from 'vitest';
import type { Clock } from '../../lib/clock.ts';
import { startStatusPolling, type Visibility } from './statusPolling.ts';

/** A clock whose time moves only when the test says, and a tab the test shows and hides. */
function fakes() {
  let now = 0;
  let tasks: { at: number; task: () => void; id: number }[] = [];
  let nextId = 0;
  const clock: Clock = {
    now: () => new Date(now),
    after: (ms, task) => {
      const id = nextId++;
      tasks.push({ at: now + ms, task, id });
      return () => {
        tasks = tasks.filter((entry) => entry.id !== id);
      };
    },
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = tasks.filter((entry) => entry.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      tasks = tasks.filter((entry) => entry !== due);
      now = due.at;
      due.task();
    }
    now = until;
  };
  let visible = true;
  const listeners = new Set<() => void>();
  const visibility: Visibility = {
    isVisible: () => visible,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const setVisible = (value: boolean) => {
    visible = value;
    for (const listener of listeners) listener();
  };
  return { clock, advance, visibility, setVisible, pending: () => tasks.length, listeners };
}

describe('the Geo status polling', () => {
  it('polls every 10 s while the tab is visible', () => {
    const { clock, advance, visibility } = fakes();
    let polls = 0;
    startStatusPolling(() => polls++, { clock, visibility });
    advance(9_999);
    expect(polls).toBe(0);
    advance(1);
    expect(polls).toBe(1);
    advance(30_000);
    expect(polls).toBe(4);
  });

  it('stops while the tab is hidden and polls at once when it shows again', () => {
    const { clock, advance, visibility, setVisible, pending } = fakes();
    let polls = 0;
    startStatusPolling(() => polls++, { clock, visibility });
    advance(5_000);
    setVisible(false);
    expect(pending()).toBe(0);
    advance(60_000);
    expect(polls).toBe(0);
    setVisible(true);
    expect(polls).toBe(1);
    advance(10_000);
    expect(polls).toBe(2);
  });

  it('does not start while the tab is hidden, and leaves no timer or listener once stopped', () => {
    const { clock, advance, visibility, setVisible, pending, listeners } = fakes();
    setVisible(false);
    let polls = 0;
    const stop = startStatusPolling(() => polls++, { clock, visibility, intervalMs: 1000 });
    advance(5_000);
    expect(polls).toBe(0);
    setVisible(true);
    advance(1_000);
    expect(polls).toBe(2);
    stop();
    expect(pending()).toBe(0);
    expect(listeners.size).toBe(0);
    advance(5_000);
    expect(polls).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import { sourceLine, sourceLineOf, toggleTask } from './taskListSource.ts';

const SOURCE = [
  'Plan:',
  '',
  '- [ ] draft',
  '- [x] review',
  '  1. [ ] nested',
  '> - [X] quoted',
  'plain',
].join('\n');

describe('toggleTask', () => {
  it('ticks and unticks list, nested, numbered and quoted tasks in place', () => {
    expect(toggleTask(SOURCE, { lineNumber: 3, checked: true })?.split('\n')[2]).toBe('- [x] draft');
    expect(toggleTask(SOURCE, { lineNumber: 4, checked: false })?.split('\n')[3]).toBe('- [ ] review');
    expect(toggleTask(SOURCE, { lineNumber: 5, checked: true })?.split('\n')[4]).toBe('  1. [x] nested');
    expect(toggleTask(SOURCE, { lineNumber: 6, checked: false })?.split('\n')[5]).toBe('> - [ ] quoted');
  });

  it('changes nothing but the one marker', () => {
    const toggled = toggleTask(SOURCE, { lineNumber: 3, checked: true })!;
    expect(toggled.split('\n').filter((line, index) => line !== SOURCE.split('\n')[index])).toEqual([
      '- [x] draft',
    ]);
  });

  it('refuses a line without a task, past the end, or no longer reading what the client saw', () => {
    expect(toggleTask(SOURCE, { lineNumber: 1, checked: true })).toBeNull();
    expect(toggleTask(SOURCE, { lineNumber: 7, checked: true })).toBeNull();
    expect(toggleTask(SOURCE, { lineNumber: 40, checked: true })).toBeNull();
    expect(toggleTask(SOURCE, { lineNumber: 3, checked: true, lineSource: '- [ ] drafts' })).toBeNull();
    expect(toggleTask(SOURCE, { lineNumber: 3, checked: true, lineSource: '- [ ] draft ' })).not.toBeNull();
  });
});

describe('source lines', () => {
  it('reads a line by its 1-based number and a data-sourcepos', () => {
    expect(sourceLine(SOURCE, 4)).toBe('- [x] review');
    expect(sourceLine(SOURCE, 99)).toBeNull();
    expect(sourceLineOf('3:1-3:14')).toBe(3);
    expect(sourceLineOf(null)).toBeNull();
  });
});

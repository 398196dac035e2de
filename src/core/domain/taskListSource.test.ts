import { describe, expect, it } from 'vitest';
import {
  replaceTaskLines,
  sourceLine,
  sourceLineOf,
  taskLineOfReference,
  toggleTask,
} from './taskListSource.ts';

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

describe('replaceTaskLines', () => {
  const source = 'Intro\n- [ ] Write the docs\n  more about the docs\n- [x] Ship it';

  it('keeps the marker and replaces the task text, dropping its other lines', () => {
    expect(replaceTaskLines(source, 2, 3, '#7+')).toEqual({
      ok: true,
      source: 'Intro\n- [ ] #7+\n- [x] Ship it',
    });
    expect(replaceTaskLines(source, 4, 4, 'Ship it again')).toEqual({
      ok: true,
      source: 'Intro\n- [ ] Write the docs\n  more about the docs\n- [x] Ship it again',
    });
  });

  it('refuses lines that hold no task, and bad ranges', () => {
    expect(replaceTaskLines(source, 1, 1, 'x')).toEqual({
      ok: false,
      error: 'Unable to detect a task on line 1',
    });
    expect(replaceTaskLines(source, 9, 9, 'x')).toEqual({
      ok: false,
      error: 'Unable to detect a task on line 9',
    });
    expect(replaceTaskLines(source, 0, 1, 'x')).toEqual({
      ok: false,
      error: 'line_number_start must be greater than 0',
    });
    expect(replaceTaskLines(source, 3, 2, 'x')).toEqual({
      ok: false,
      error: 'line_number_end must be greater or equal to line_number_start',
    });
  });
});

describe('taskLineOfReference', () => {
  const source = ['Plan:', '', '- [ ] #12+', '- [x] #13', '- [ ] #123+ and more', '* [ ] #14+'].join('\n');

  it('finds the task-list line that links to the task, with or without the title mark', () => {
    expect(taskLineOfReference(source, '#12')).toBe(3);
    expect(taskLineOfReference(source, '#13')).toBe(4);
    expect(taskLineOfReference(source, '#14')).toBe(6);
  });

  it('ignores lines that say more than the reference, and tasks no line names', () => {
    expect(taskLineOfReference(source, '#123')).toBeNull();
    expect(taskLineOfReference(source, '#99')).toBeNull();
    expect(taskLineOfReference('See #12+', '#12')).toBeNull();
  });
});

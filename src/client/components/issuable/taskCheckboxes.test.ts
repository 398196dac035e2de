import { describe, expect, it } from 'vitest';
import { sourceRangeOf, taskItemTitle, withoutTaskItem } from './taskCheckboxes.ts';

describe('sourceRangeOf', () => {
  it('reads the first and last line of a sourcepos', () => {
    expect(sourceRangeOf('3:1-3:14')).toEqual({ lineNumberStart: 3, lineNumberEnd: 3 });
    expect(sourceRangeOf('2:1-5:20')).toEqual({ lineNumberStart: 2, lineNumberEnd: 5 });
  });

  it('refuses what is not a range', () => {
    expect(sourceRangeOf(null)).toBeNull();
    expect(sourceRangeOf('3:1')).toBeNull();
    expect(sourceRangeOf('5:1-3:2')).toBeNull();
  });
});

describe('taskItemTitle', () => {
  it('takes the text after the checkbox marker', () => {
    expect(taskItemTitle('- [ ] Write docs')).toBe('Write docs');
    expect(taskItemTitle('  * [x] Ship it  ')).toBe('Ship it');
    expect(taskItemTitle('1. [ ] Numbered')).toBe('Numbered');
    expect(taskItemTitle('> - [ ] Quoted')).toBe('Quoted');
  });

  it('has nothing for plain lines, empty items and items that are already tasks', () => {
    expect(taskItemTitle('- Write docs')).toBeNull();
    expect(taskItemTitle('- [ ] ')).toBeNull();
    expect(taskItemTitle('- [ ] #12+')).toBeNull();
    expect(taskItemTitle('- [x] group/project#4+')).toBeNull();
    expect(taskItemTitle(null)).toBeNull();
  });
});

describe('withoutTaskItem', () => {
  it('takes the item out', () => {
    const source = 'Plan:\n\n- [ ] Write docs\n- [x] Ship it';
    expect(withoutTaskItem(source, { lineNumberStart: 3, lineNumberEnd: 3 })).toBe('Plan:\n\n- [x] Ship it');
  });

  it('drops the item’s own paragraphs and moves its nested items up a level', () => {
    const source = [
      '1. [ ] item 1',
      '',
      '   paragraph',
      '',
      '   1. [ ] item 2',
      '',
      '      more',
      '',
      '   1. [ ] item 3',
      'after',
    ].join('\n');
    expect(withoutTaskItem(source, { lineNumberStart: 1, lineNumberEnd: 9 })).toBe(
      ['1. [ ] item 2', '', '   more', '', '1. [ ] item 3', 'after'].join('\n'),
    );
  });

  it('refuses a line that is no task item any more', () => {
    expect(withoutTaskItem('Plan:\n- [ ] a', { lineNumberStart: 1, lineNumberEnd: 1 })).toBeNull();
    expect(withoutTaskItem('- [ ] a', { lineNumberStart: 1, lineNumberEnd: 3 })).toBeNull();
  });
});

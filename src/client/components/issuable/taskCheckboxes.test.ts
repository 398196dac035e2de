import { describe, expect, it } from 'vitest';
import { sourceRangeOf, taskItemTitle } from './taskCheckboxes.ts';

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

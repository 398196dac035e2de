import { describe, expect, it } from 'vitest';
import { searchWithWorkItem, workItemIdFromSearch } from './workItemParam.ts';

describe('the work_item_id parameter', () => {
  it('reads the numeric id as a work item global id', () => {
    expect(workItemIdFromSearch('?work_item_id=42')).toBe('gid://gitlab/WorkItem/42');
    expect(workItemIdFromSearch('?a=1&work_item_id=7&b=2')).toBe('gid://gitlab/WorkItem/7');
  });

  it('reads nothing from a missing, empty or non-numeric value', () => {
    expect(workItemIdFromSearch('')).toBeNull();
    expect(workItemIdFromSearch('?work_item_id=')).toBeNull();
    expect(workItemIdFromSearch('?work_item_id=gid://gitlab/WorkItem/4')).toBeNull();
    expect(workItemIdFromSearch('?work_item_id=0')).toBeNull();
    expect(workItemIdFromSearch('?work_item_id=-3')).toBeNull();
    expect(workItemIdFromSearch('?work_item_id=99999999999999999999')).toBeNull();
  });

  it('writes the number of a global id and keeps the other parameters in order', () => {
    expect(searchWithWorkItem('', 'gid://gitlab/WorkItem/12')).toBe('?work_item_id=12');
    expect(searchWithWorkItem('?sort=a&page=2', 'gid://gitlab/WorkItem/12')).toBe(
      '?sort=a&page=2&work_item_id=12',
    );
    expect(searchWithWorkItem('?work_item_id=3&x=1', 'gid://gitlab/WorkItem/5')).toBe('?work_item_id=5&x=1');
  });

  it('removes the parameter for null, leaving no lone question mark', () => {
    expect(searchWithWorkItem('?work_item_id=3', null)).toBe('');
    expect(searchWithWorkItem('?x=1&work_item_id=3', null)).toBe('?x=1');
  });

  it('refuses an id that is not a global id', () => {
    expect(() => searchWithWorkItem('', '12')).toThrow('12 is not a valid GitLab ID.');
  });

  it('round-trips', () => {
    const id = 'gid://gitlab/WorkItem/301';
    expect(workItemIdFromSearch(searchWithWorkItem('?q=1', id))).toBe(id);
  });
});

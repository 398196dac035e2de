import { describe, expect, it } from 'vitest';
import {
  DEFAULT_QUERY,
  filtersOf,
  hasFilters,
  parseReportQuery,
  serializeReportQuery,
  sortOrderOf,
  withChange,
  withPage,
  withSortColumn,
} from './reportQuery.ts';

describe('the report’s URL', () => {
  it('reads a bare URL as GitLab’s default: Needs triage and Confirmed, most severe first', () => {
    expect(parseReportQuery('')).toEqual(DEFAULT_QUERY);
    expect(DEFAULT_QUERY.states).toEqual(['detected', 'confirmed']);
    expect(serializeReportQuery(DEFAULT_QUERY)).toBe('');
    expect(hasFilters(DEFAULT_QUERY)).toBe(false);
  });

  it('reads GitLab’s enum values, comma-separated or repeated, in a fixed order and without repeats', () => {
    const query = parseReportQuery(
      'state=DISMISSED,detected&severity=LOW&severity=CRITICAL,low&reportType=SECRET_DETECTION,SAST' +
        '&projectId=12,x,14&activity=HAS_ISSUE,STILL_DETECTED',
    );
    expect(query).toMatchObject({
      states: ['detected', 'dismissed'],
      severities: ['critical', 'low'],
      reportTypes: ['sast', 'secret_detection'],
      projectIds: ['12', '14'],
      activities: ['still_detected', 'has_issue'],
    });
    expect(serializeReportQuery(query)).toBe(
      'state=DETECTED%2CDISMISSED&severity=CRITICAL%2CLOW&reportType=SAST%2CSECRET_DETECTION' +
        '&projectId=12%2C14&activity=STILL_DETECTED%2CHAS_ISSUE',
    );
    expect(parseReportQuery(serializeReportQuery(query))).toEqual(query);
  });

  it('writes every status as ALL, and reads a status of nothing known as the default', () => {
    const all = withChange(DEFAULT_QUERY, { states: [] });
    expect(serializeReportQuery(all)).toBe('state=ALL');
    expect(parseReportQuery('state=ALL').states).toEqual([]);
    expect(parseReportQuery('state=all,DETECTED').states).toEqual([]);
    expect(parseReportQuery('state=OPENED').states).toEqual(['detected', 'confirmed']);
    // The default, however written, stays out of the URL.
    expect(serializeReportQuery(parseReportQuery('state=CONFIRMED,DETECTED'))).toBe('');
    expect(hasFilters(parseReportQuery('state=CONFIRMED'))).toBe(true);
  });

  it('sorts by a column header: the same column turns the direction, another starts descending', () => {
    const bySeverity = withSortColumn(DEFAULT_QUERY, 'severity');
    expect(bySeverity).toMatchObject({ sortBy: 'severity', sortDesc: false });
    expect(serializeReportQuery(bySeverity)).toBe('sortDesc=false');
    const byDate = withSortColumn(bySeverity, 'detected');
    expect(byDate).toMatchObject({ sortBy: 'detected', sortDesc: true });
    expect(serializeReportQuery(byDate)).toBe('sortBy=detected');
    expect(sortOrderOf(byDate)).toBe('detected_desc');
    expect(sortOrderOf(withSortColumn(byDate, 'detected'))).toBe('detected_asc');
    expect(parseReportQuery('sortBy=title&sortDesc=nope')).toMatchObject({
      sortBy: 'severity',
      sortDesc: true,
    });
  });

  it('keeps one cursor, and starts again from the first page on any change', () => {
    const next = withPage(DEFAULT_QUERY, { after: 'abc' });
    expect(serializeReportQuery(next)).toBe('page_after=abc');
    expect(parseReportQuery('page_after=abc&page_before=xyz')).toMatchObject({ after: 'abc', before: 'xyz' });
    expect(serializeReportQuery({ ...next, before: 'xyz' })).toBe('page_before=xyz');
    const filtered = withChange(next, { severities: ['high'] });
    expect(filtered).toMatchObject({ after: null, before: null });
    expect(withSortColumn(next, 'detected')).toMatchObject({ after: null, before: null });
  });
});

describe('the report’s filters', () => {
  it('names projects by global id and leaves out what is not chosen', () => {
    expect(filtersOf(parseReportQuery('projectId=12&severity=HIGH'))).toEqual({
      states: ['detected', 'confirmed'],
      severities: ['high'],
      reportTypes: [],
      projectIds: ['gid://gitlab/Project/12'],
      hasResolution: null,
      hasIssues: null,
    });
  });

  it('reads Still detected and No longer detected as the resolution, both together as neither', () => {
    const activity = (value: string) => filtersOf(parseReportQuery(`activity=${value}`));
    expect(activity('STILL_DETECTED')).toMatchObject({ hasResolution: false, hasIssues: null });
    expect(activity('NO_LONGER_DETECTED')).toMatchObject({ hasResolution: true });
    expect(activity('STILL_DETECTED,NO_LONGER_DETECTED')).toMatchObject({ hasResolution: null });
    expect(activity('HAS_ISSUE')).toMatchObject({ hasResolution: null, hasIssues: true });
  });
});

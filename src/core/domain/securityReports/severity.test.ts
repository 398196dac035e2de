import { describe, expect, it } from 'vitest';
import { isReportType, isSeverity, REPORT_TYPES, SEVERITIES, severityRank } from './index.ts';

describe('severities', () => {
  it('rank critical highest and unknown lowest, in the order SEVERITIES lists them', () => {
    expect(SEVERITIES.map(severityRank)).toEqual([5, 4, 3, 2, 1, 0]);
    const shuffled = ['low', 'unknown', 'critical', 'info', 'medium', 'high'] as const;
    expect([...shuffled].sort((a, b) => severityRank(b) - severityRank(a))).toEqual([...SEVERITIES]);
  });

  it('are recognised only in GitLab’s lower-case spelling', () => {
    expect(SEVERITIES.every(isSeverity)).toBe(true);
    expect([' high', 'High', 'undefined', null, 5, {}].some(isSeverity)).toBe(false);
  });
});

describe('report types', () => {
  it('are recognised only as GitLab spells them', () => {
    expect(REPORT_TYPES.every(isReportType)).toBe(true);
    expect(['SAST', 'license_scanning', 'dependency-scanning', '', null, ['sast']].some(isReportType)).toBe(
      false,
    );
  });
});

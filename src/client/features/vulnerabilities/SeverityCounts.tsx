import { formatCount } from '../../../core/domain/plural.ts';
import { SEVERITIES } from '../../../core/domain/securityReports/index.ts';
import { SEVERITY_TITLES } from '../../../core/domain/vulnerabilities.ts';
import type { SeverityCounts as Counts } from '../../data/index.ts';
import { SeverityIcon } from './SeverityIcon.tsx';
import { VULNERABILITY_TEXT as TEXT } from './vulnerabilityTexts.ts';

/**
 * GitLab's severity cards over the report: how many vulnerabilities the filters match at each
 * severity (the severity filter aside, so each card keeps its count while one is chosen).
 */
export function SeverityCounts({ counts, loading }: { counts: Counts | null; loading: boolean }) {
  return (
    <ul
      className="vuln-counts"
      aria-label={TEXT.severityCounts}
      aria-busy={loading}
      data-testid="severity-counts"
    >
      {SEVERITIES.map((severity) => (
        <li key={severity} className="vuln-count" data-testid={`severity-count-${severity}`}>
          <span className="vuln-count-name">
            <SeverityIcon severity={severity} />
            {SEVERITY_TITLES[severity]}
          </span>
          <span className="vuln-count-value" data-testid="severity-count-value">
            {counts ? formatCount(counts[severity]) : '–'}
          </span>
        </li>
      ))}
    </ul>
  );
}

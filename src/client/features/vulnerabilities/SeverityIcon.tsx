import { SEVERITY_TITLES } from '../../../core/domain/vulnerabilities.ts';
import type { Severity } from '../../data/index.ts';

/**
 * A shape per severity, so that the levels differ by more than colour: an octagon (critical), a
 * diamond (high), a triangle (medium), a circle (low), and a ring with a mark for info and unknown.
 */
const SHAPES: Readonly<Record<Severity, string>> = {
  critical: 'M5.1 1.5h5.8l3.6 3.6v5.8l-3.6 3.6H5.1l-3.6-3.6V5.1z',
  high: 'M8 1.2 14.8 8 8 14.8 1.2 8z',
  medium: 'M8 1.8 14.8 13.8H1.2z',
  low: 'M8 2.5a5.5 5.5 0 1 0 0 11a5.5 5.5 0 1 0 0-11z',
  info: 'M8 1.5a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13z',
  unknown: 'M8 1.5a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13z',
};

/** The mark drawn over the shape in the page's background colour. */
const MARKS: Partial<Record<Severity, string>> = {
  info: 'M8 7.2v4 M8 4.8v.2',
  unknown: 'M6.3 6.3a1.8 1.8 0 1 1 2.4 1.7c-.4.2-.7.5-.7 1v.4 M8 11.3v.2',
};

/** The severity's shape in its colour; decorative, as the text beside it says the severity. */
export function SeverityIcon({ severity, size = 16 }: { severity: Severity; size?: number }) {
  const mark = MARKS[severity];
  return (
    <svg
      className={`vuln-severity-icon vuln-severity-${severity}`}
      width={size}
      height={size}
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
    >
      <path d={SHAPES[severity]} fill="currentColor" />
      {mark ? (
        <path
          d={mark}
          fill="none"
          stroke="var(--bg)"
          strokeWidth="1.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ) : null}
    </svg>
  );
}

/** The severity as the report shows it: its shape and its name. */
export function SeverityLabel({ severity, testId }: { severity: Severity; testId?: string }) {
  return (
    <span className="vuln-severity" data-testid={testId} data-severity={severity}>
      <SeverityIcon severity={severity} />
      {SEVERITY_TITLES[severity]}
    </span>
  );
}

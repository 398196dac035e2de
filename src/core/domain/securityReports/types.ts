import type { ReportType } from './reportTypes.ts';
import type { Severity } from './severity.ts';

/** A vulnerability's identifier (CVE, CWE, a scanner's rule id...). */
export interface FindingIdentifier {
  /** The report's `type`, as written (`cwe`, `CWE`, `semgrep_id`...). */
  readonly externalType: string;
  /** The report's `value`. */
  readonly externalId: string;
  /** The report's `name`; its `value` when it has none. */
  readonly name: string;
  readonly url: string | null;
}

export interface FindingLink {
  readonly name: string | null;
  readonly url: string;
}

export interface FindingScanner {
  /** The scanner's `id` (`semgrep`, `gitleaks`, `trivy`...). */
  readonly externalId: string;
  /** Its `name`; its `id` when it has none. */
  readonly name: string;
  /** `vendor.name`; empty when the report names none (schema 2.x reports never do). */
  readonly vendor: string;
}

/** Only the keys the report type has are set. */
export interface FindingLocation {
  readonly file?: string;
  readonly startLine?: number;
  readonly endLine?: number;
  /** SAST. */
  readonly className?: string;
  readonly method?: string;
  /** Dependency and container scanning. */
  readonly dependency?: { readonly packageName: string; readonly version: string | null };
  /** Container and cluster image scanning. */
  readonly image?: string;
  readonly operatingSystem?: string;
  /** DAST and API fuzzing. */
  readonly hostname?: string;
  readonly path?: string;
  readonly requestMethod?: string;
  readonly param?: string;
  /** Coverage fuzzing. */
  readonly crashType?: string;
  readonly crashState?: string;
  readonly crashAddress?: string;
}

export interface ParsedFinding {
  readonly reportType: ReportType;
  /** The vulnerability's `name`, else its `message`, else derived as GitLab does (findingTitle.ts). */
  readonly title: string;
  readonly description: string | null;
  readonly severity: Severity;
  readonly solution: string | null;
  readonly scanner: FindingScanner;
  /** The first is the primary identifier; never empty (a finding without one is skipped). */
  readonly identifiers: readonly FindingIdentifier[];
  readonly location: FindingLocation;
  readonly links: readonly FindingLink[];
  /**
   * The text GitLab hashes (SHA1) into the finding's location fingerprint; how each report type
   * builds it, and what of that is confirmed, is in locationKey.ts.
   */
  readonly locationKey: string;
  /**
   * `<externalType>:<externalId>` of the primary identifier: the text GitLab hashes into the
   * identifier fingerprint. Not case-folded, because GitLab does not fold it (identifiers.ts).
   */
  readonly primaryIdentifierKey: string;
}

export interface ParsedReport {
  readonly reportType: ReportType;
  /** The report's `version` (`15.0.6`, `2.1`...); empty when it has none. */
  readonly schemaVersion: string;
  /** Every scanner named in the report (`scan.scanner` first), each once. */
  readonly scanners: readonly FindingScanner[];
  readonly scanStatus: 'success' | 'failure' | null;
  readonly findings: readonly ParsedFinding[];
  /** Findings dropped as malformed, with why (shown to the uploader); `index` is into `vulnerabilities`. */
  readonly skipped: readonly { readonly index: number; readonly reason: string }[];
}

/** A clear user-facing sentence saying why the whole report was refused. */
export type ReportError = string;

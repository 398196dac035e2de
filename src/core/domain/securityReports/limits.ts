/**
 * Bounds on what one uploaded report may make the server do or store. Text lengths count UTF-16
 * code units (JavaScript string length), the unit the database check constraints use too.
 */
export const SECURITY_REPORT_LIMITS = {
  /** A report with more findings is refused whole, before any is read. */
  maxFindings: 10_000,
  maxTitleLength: 255,
  maxDescriptionLength: 15_000,
  maxSolutionLength: 7_000,
  /** Entries past these are not read at all, so a huge array costs nothing. */
  maxIdentifiers: 20,
  maxLinks: 50,
  /** Identifier types, values and names, scanner fields, link names, versions. */
  maxShortTextLength: 255,
  maxUrlLength: 2_048,
  /** File paths, image names, package names, DAST paths and parameters. */
  maxLocationTextLength: 1_024,
} as const;

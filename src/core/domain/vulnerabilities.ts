/**
 * Vulnerability management as GitLab keeps it: a finding a scanner reported, triaged through four
 * states. The rules here are shared by the REST routes, the GraphQL mutations and the report page.
 */
import type { ReportType, Severity } from './securityReports/index.ts';

export const VULNERABILITY_STATES = ['detected', 'confirmed', 'resolved', 'dismissed'] as const;
export type VulnerabilityState = (typeof VULNERABILITY_STATES)[number];

export const isVulnerabilityState = (value: unknown): value is VulnerabilityState =>
  (VULNERABILITY_STATES as readonly unknown[]).includes(value);

/** How GitLab's report names each state ("Needs triage" is detected). */
export const VULNERABILITY_STATE_TITLES: Readonly<Record<VulnerabilityState, string>> = {
  detected: 'Needs triage',
  confirmed: 'Confirmed',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
};

export const DISMISSAL_REASONS = [
  'acceptable_risk',
  'false_positive',
  'mitigating_control',
  'used_in_tests',
  'not_applicable',
] as const;
export type DismissalReason = (typeof DISMISSAL_REASONS)[number];

export const isDismissalReason = (value: unknown): value is DismissalReason =>
  (DISMISSAL_REASONS as readonly unknown[]).includes(value);

export const DISMISSAL_REASON_TITLES: Readonly<Record<DismissalReason, string>> = {
  acceptable_risk: 'Acceptable risk',
  false_positive: 'False positive',
  mitigating_control: 'Mitigating control',
  used_in_tests: 'Used in tests',
  not_applicable: 'Not applicable',
};

/** What each reason means, as GitLab's dismissal select explains it. */
export const DISMISSAL_REASON_DESCRIPTIONS: Readonly<Record<DismissalReason, string>> = {
  acceptable_risk:
    'The vulnerability is known, and has not been remediated or mitigated, but is considered to be an acceptable business risk.',
  false_positive:
    'An error in reporting in which a test result incorrectly indicates the presence of a vulnerability in a system when the vulnerability is not present.',
  mitigating_control:
    'A management, operational, or technical control (that is, safeguard or countermeasure) employed by an organization that provides equivalent or comparable protection for an information system.',
  used_in_tests: 'The finding is not a vulnerability because it is part of a test or is test data.',
  not_applicable:
    'The vulnerability is known, and has not been remediated or mitigated, but is considered to be in a part of the application that will not be updated.',
};

/** The REST actions (`POST /vulnerabilities/:id/:action`) and the state each leads to. */
export const VULNERABILITY_ACTIONS = {
  confirm: 'confirmed',
  resolve: 'resolved',
  dismiss: 'dismissed',
  revert: 'detected',
} as const satisfies Record<string, VulnerabilityState>;
export type VulnerabilityAction = keyof typeof VULNERABILITY_ACTIONS;

export const isVulnerabilityAction = (value: unknown): value is VulnerabilityAction =>
  typeof value === 'string' && Object.hasOwn(VULNERABILITY_ACTIONS, value);

/** GitLab's limit on a state change's comment. */
export const VULNERABILITY_COMMENT_MAX_LENGTH = 50_000;
/** The most vulnerabilities one bulk mutation takes. */
export const VULNERABILITY_BULK_MAX = 100;

export const VULNERABILITY_MESSAGES = {
  already: (state: VulnerabilityState) => `Vulnerability is already ${state}`,
  commentTooLong: `Comment is too long (maximum is ${VULNERABILITY_COMMENT_MAX_LENGTH} characters)`,
  unknownReason: 'dismissal_reason does not have a valid value',
  reasonOnlyWhenDismissing: 'Dismissal reason can only be given when dismissing',
  tooMany: `Maximum vulnerability_ids exceeded (${VULNERABILITY_BULK_MAX})`,
  noneGiven: 'At least one vulnerability must be given',
  notFound: 'Vulnerability not found',
  differentProjects: 'All vulnerabilities must belong to the same project',
} as const;

export type TransitionRefusal = { readonly kind: 'already'; readonly message: string };

/**
 * Whether moving `from` to `to` is a change. GitLab's state machine lets every state reach every
 * other one; asking for the state it is already in is refused ("already …"; REST answers 304).
 */
export function transitionRefusal(
  from: VulnerabilityState,
  to: VulnerabilityState,
): TransitionRefusal | null {
  return from === to ? { kind: 'already', message: VULNERABILITY_MESSAGES.already(to) } : null;
}

/** The "who and when" columns a state sets; the other states' are cleared. */
export const STATE_STAMPS = {
  confirmed: { at: 'confirmed_at', by: 'confirmed_by_id' },
  resolved: { at: 'resolved_at', by: 'resolved_by_id' },
  dismissed: { at: 'dismissed_at', by: 'dismissed_by_id' },
} as const satisfies Partial<Record<VulnerabilityState, { at: string; by: string }>>;

const stateWords = (state: VulnerabilityState, reason: DismissalReason | null) =>
  state === 'dismissed' && reason
    ? `${VULNERABILITY_STATE_TITLES[state]}: ${DISMISSAL_REASON_TITLES[reason]}`
    : VULNERABILITY_STATE_TITLES[state];

/** GitLab's system_note_metadata action of a state change note. */
export const stateChangeAction = (to: VulnerabilityState): string => `vulnerability_${to}`;

/** The system note of a state change, in GitLab's words. */
export function stateChangeNote(change: {
  readonly from: VulnerabilityState;
  readonly to: VulnerabilityState;
  readonly dismissalReason: DismissalReason | null;
  readonly comment: string | null;
}): string {
  const base = `changed vulnerability status from ${stateWords(change.from, null)} to ${stateWords(change.to, change.dismissalReason)}`;
  return change.comment ? `${base} with the following comment: "${change.comment}"` : base;
}

/** The note of a resolved vulnerability that a new report found again. */
export const REDETECTED_NOTE =
  'changed vulnerability status from Resolved to Needs triage because it was redetected';

/** The action of that note: it names an issue, which may be one the reader may not see. */
export const ISSUE_LINK_NOTE_ACTION = 'issue_link';

/** The system note on a vulnerability when an issue is linked to it. */
export const issueLinkNote = (issueReference: string, created: boolean): string =>
  created ? `created issue ${issueReference}` : `linked issue ${issueReference}`;

/** GitLab's title and description of an issue created from vulnerabilities. */
export function issueFromVulnerabilities(
  vulnerabilities: readonly {
    readonly title: string;
    readonly severity: Severity;
    readonly reportType: ReportType;
    readonly description: string | null;
    readonly solution: string | null;
    readonly identifiers: readonly { readonly name: string; readonly url: string | null }[];
    readonly webUrl: string;
  }[],
): { readonly title: string; readonly description: string } {
  const [first] = vulnerabilities;
  if (!first) throw new Error('An issue needs at least one vulnerability');
  const title =
    vulnerabilities.length === 1
      ? `Investigate vulnerability: ${first.title}`
      : `Investigate vulnerabilities: ${first.title} and ${vulnerabilities.length - 1} more`;
  const sections = vulnerabilities.map((vulnerability) => {
    const lines = [
      `### [${vulnerability.title}](${vulnerability.webUrl})`,
      '',
      `* Severity: ${vulnerability.severity}`,
      `* Report type: ${REPORT_TYPE_TITLES[vulnerability.reportType]}`,
    ];
    if (vulnerability.description) lines.push('', '#### Description', '', vulnerability.description);
    if (vulnerability.identifiers.length > 0) {
      lines.push('', '#### Identifiers', '');
      for (const identifier of vulnerability.identifiers) {
        lines.push(identifier.url ? `* [${identifier.name}](${identifier.url})` : `* ${identifier.name}`);
      }
    }
    if (vulnerability.solution) lines.push('', '#### Solution', '', vulnerability.solution);
    return lines.join('\n');
  });
  return { title: title.slice(0, 255), description: sections.join('\n\n---\n\n') };
}

/** Report types as GitLab's report names them. */
export const REPORT_TYPE_TITLES: Readonly<Record<ReportType, string>> = {
  sast: 'SAST',
  dependency_scanning: 'Dependency Scanning',
  container_scanning: 'Container Scanning',
  dast: 'DAST',
  secret_detection: 'Secret Detection',
  coverage_fuzzing: 'Coverage Fuzzing',
  api_fuzzing: 'API Fuzzing',
  cluster_image_scanning: 'Cluster Image Scanning',
  generic: 'Generic',
};

export const SEVERITY_TITLES: Readonly<Record<Severity, string>> = {
  critical: 'Critical',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  info: 'Info',
  unknown: 'Unknown',
};

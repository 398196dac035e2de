import type { LicensedFeature } from '../../../core/domain/licensedFeatures.ts';
import type { FeatureFlags } from '../../config.ts';
import type { NamespaceRow } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';

/** An issue's fields that a plan sells, and the feature each needs. */
const LICENSED_FIELDS = {
  weight: 'issue_weights',
  healthStatus: 'issuable_health_status',
} as const satisfies Record<string, LicensedFeature>;

type LicensedField = keyof typeof LICENSED_FIELDS;

/**
 * The changes without the fields the project's plan lacks: GitLab drops an unlicensed weight or
 * health status from a create or update without a word (EE's `filter_params`), so a client that
 * always sends them keeps working on Free. What is already stored stays, for an upgrade to show.
 */
export async function withLicensedIssueFields<T extends Partial<Record<LicensedField, unknown>>>(
  access: AccessContext,
  namespace: Pick<NamespaceRow, 'traversal_ids'>,
  changes: T,
): Promise<T> {
  let allowed = changes;
  for (const [field, feature] of Object.entries(LICENSED_FIELDS) as [LicensedField, LicensedFeature][]) {
    if (allowed[field] === undefined || (await access.hasFeature(namespace, feature))) continue;
    const { [field]: _dropped, ...rest } = allowed;
    allowed = rest as T;
  }
  return allowed;
}

/**
 * Which of the licensed fields an issue page shows: the weight where the instance turns weights on
 * and the plan sells them, the health status on Ultimate, blocking links and the epic on Premium
 * and up.
 */
export async function issueFieldsShown(
  access: AccessContext,
  namespace: Pick<NamespaceRow, 'traversal_ids'>,
  flags: Pick<FeatureFlags, 'issueWeights'>,
): Promise<{
  readonly issueWeights: boolean;
  readonly healthStatus: boolean;
  readonly blockedIssues: boolean;
  readonly epics: boolean;
}> {
  return {
    issueWeights: flags.issueWeights && (await access.hasFeature(namespace, LICENSED_FIELDS.weight)),
    healthStatus: await access.hasFeature(namespace, LICENSED_FIELDS.healthStatus),
    blockedIssues: await access.hasFeature(namespace, 'blocked_issues'),
    epics: await access.hasFeature(namespace, 'epics'),
  };
}

import {
  DEFAULT_MIGRATION_TABLE,
  type Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  sql,
} from 'kysely';
import * as domain from './migrations/0001_domain.ts';
import * as roadmapIndexes from './migrations/0002_roadmap_indexes.ts';
import * as dataVersion from './migrations/0003_data_version.ts';
import * as sessionExpiry from './migrations/0004_session_expiry.ts';
import * as summaryCoveringIndexes from './migrations/0005_summary_covering_indexes.ts';
import * as epicLastEdited from './migrations/0006_epic_last_edited.ts';
import * as epicRollups from './migrations/0007_epic_rollups.ts';
import * as issueLastEdited from './migrations/0008_issue_last_edited.ts';
import * as issueTemplates from './migrations/0009_issue_templates.ts';
import * as discussions from './migrations/0010_discussions.ts';
import * as labelPriorities from './migrations/0011_label_priorities.ts';
import * as profileSettings from './migrations/0012_profile_settings.ts';
import * as workItemParentLinks from './migrations/0013_work_item_parent_links.ts';
import * as issuableMetricImages from './migrations/0014_issuable_metric_images.ts';
import * as incidentTimelineAndZoom from './migrations/0015_incident_timeline_and_zoom.ts';
import * as statusPage from './migrations/0016_status_page.ts';
import * as membersAndInvitations from './migrations/0017_members_and_invitations.ts';
import * as ldapGroupLinks from './migrations/0018_ldap_group_links.ts';
import * as search from './migrations/0019_search.ts';
import * as accessRequestTodos from './migrations/0020_access_request_todos.ts';
import * as gitlabSubscriptions from './migrations/0021_gitlab_subscriptions.ts';
import * as subscriptionOrders from './migrations/0022_subscription_orders.ts';
import * as applicationSettings from './migrations/0023_application_settings.ts';
import * as handRaiseLeads from './migrations/0024_hand_raise_leads.ts';
import * as subscriptionsBumpDataVersion from './migrations/0025_subscriptions_bump_data_version.ts';
import * as uploads from './migrations/0026_uploads.ts';
import * as mergeRequests from './migrations/0027_merge_requests.ts';
import * as environmentsAndDeployments from './migrations/0028_environments_and_deployments.ts';
import * as valueStreamAnalytics from './migrations/0029_value_stream_analytics.ts';
import * as vulnerabilities from './migrations/0030_vulnerabilities.ts';
import * as geo from './migrations/0031_geo.ts';
import type { Database } from './schema.ts';

/** Migrations are listed here, in order; they only ever run forward. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_domain': domain,
  '0002_roadmap_indexes': roadmapIndexes,
  '0003_data_version': dataVersion,
  '0004_session_expiry': sessionExpiry,
  '0005_summary_covering_indexes': summaryCoveringIndexes,
  '0006_epic_last_edited': epicLastEdited,
  '0007_epic_rollups': epicRollups,
  '0008_issue_last_edited': issueLastEdited,
  '0009_issue_templates': issueTemplates,
  '0010_discussions': discussions,
  '0011_label_priorities': labelPriorities,
  '0012_profile_settings': profileSettings,
  '0013_work_item_parent_links': workItemParentLinks,
  '0014_issuable_metric_images': issuableMetricImages,
  '0015_incident_timeline_and_zoom': incidentTimelineAndZoom,
  '0016_status_page': statusPage,
  '0017_members_and_invitations': membersAndInvitations,
  '0018_ldap_group_links': ldapGroupLinks,
  '0019_search': search,
  '0020_access_request_todos': accessRequestTodos,
  '0021_gitlab_subscriptions': gitlabSubscriptions,
  '0022_subscription_orders': subscriptionOrders,
  '0023_application_settings': applicationSettings,
  '0024_hand_raise_leads': handRaiseLeads,
  '0025_subscriptions_bump_data_version': subscriptionsBumpDataVersion,
  '0026_uploads': uploads,
  '0027_merge_requests': mergeRequests,
  '0028_environments_and_deployments': environmentsAndDeployments,
  '0029_value_stream_analytics': valueStreamAnalytics,
  '0030_vulnerabilities': vulnerabilities,
  '0031_geo': geo,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  if (await isUpToDate(db)) return;
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}

/**
 * Whether every migration has run, and no other: then there is nothing for the migrator to do. It
 * would still introspect the whole catalogue and take its lock to find that out, ~0.3 s of a
 * two-second start on PGlite, where these two reads cost a few ms. Anything else (a first start, a
 * new migration, one this code does not know) goes to the migrator, which decides as before.
 */
async function isUpToDate(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{ present: boolean }>`
    select to_regclass(${DEFAULT_MIGRATION_TABLE}) is not null as present
  `.execute(db);
  if (!rows[0]?.present) return false;
  const table = sql.table(DEFAULT_MIGRATION_TABLE);
  const executed = await sql<{ name: string }>`select name from ${table}`.execute(db);
  const known = Object.keys(MIGRATIONS);
  const names = new Set(executed.rows.map((row) => row.name));
  return names.size === known.length && known.every((name) => names.has(name));
}

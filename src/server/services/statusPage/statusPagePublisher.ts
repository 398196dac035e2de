import { createHash } from 'node:crypto';
import {
  incidentDetails,
  incidentDetailsKey,
  incidentList,
  type PublishableIncident,
  STATUS_PAGE_LIST_KEY,
} from '../../../core/domain/statusPage.ts';
import type { Executor } from '../../db/executor.ts';
import { findIssueById } from '../../db/repositories/issueRepository.ts';
import { findNamespaceById } from '../../db/repositories/namespaceRepository.ts';
import { findProjectById } from '../../db/repositories/projectRepository.ts';
import {
  deletePublishedIncident,
  findProjectIdsToPublish,
  findPublishedIncidents,
  findStatusPageSettings,
  recordPublication,
  setPublishedDigest,
} from '../../db/repositories/statusPageRepository.ts';
import type { StatusPageSettingsRow } from '../../db/schema.ts';
import { S3Bucket } from '../../storage/s3Bucket.ts';
import { openSecret } from '../secretBox.ts';
import { publishableIncident } from './statusPageContent.ts';
import { STATUS_PAGE_SECRET_PURPOSE } from './statusPageSettingsService.ts';

/** Where a project's status page files go. */
export interface StatusPageTarget {
  put(key: string, body: string, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
}

/** What a publication needs besides the database. */
export interface PublicationContext {
  /** This server's public address: links in the published texts lead back to it. */
  readonly externalUrl: string;
  /** Opens the bucket's secret key (services/secretBox.ts). */
  readonly secretKeyBase: string | undefined;
  readonly now: () => Date;
}

/** The project's bucket, as its settings name it. */
export function statusPageTargetOf(
  settings: StatusPageSettingsRow,
  secretKeyBase: string | undefined,
): StatusPageTarget {
  if (!secretKeyBase) throw new Error('SECRET_KEY_BASE is not set: the bucket’s secret key cannot be read');
  return new S3Bucket({
    ...(settings.s3_endpoint ? { endpoint: settings.s3_endpoint } : {}),
    region: settings.aws_region,
    bucket: settings.aws_s3_bucket_name,
    accessKeyId: settings.aws_access_key,
    secretAccessKey: openSecret(settings.aws_secret_key, secretKeyBase, STATUS_PAGE_SECRET_PURPOSE),
  });
}

const JSON_TYPE = 'application/json';

function digestOf(json: string): string {
  return createHash('sha256').update(json).digest('hex');
}

/** Why a publication failed, as the settings page shows it. */
function failureText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 1000) || 'The bucket refused the files.';
}

export interface PublicationOutcome {
  /** Files written or removed in the bucket. */
  readonly changed: number;
  readonly error: string | null;
}

/**
 * Brings a project's bucket in line with what is published (GitLab's StatusPage::PublishService):
 * each published incident's details file and the list of the newest ones. A file is written only
 * when what it would hold differs from what was last written, so a pass over unchanged incidents
 * writes nothing; an incident made confidential, or deleted, is taken off the bucket and the list.
 * A failure is recorded on the settings, and the next pass tries again from where this one stopped.
 */
export async function publishProjectStatusPage(
  db: Executor,
  projectId: number,
  { externalUrl, secretKeyBase, now }: PublicationContext,
): Promise<PublicationOutcome> {
  const settings = await findStatusPageSettings(db, projectId);
  const project = await findProjectById(db, projectId);
  const namespace = project && (await findNamespaceById(db, project.namespace_id));
  if (!settings?.enabled || !project || !namespace) return { changed: 0, error: null };
  let changed = 0;
  try {
    const target = statusPageTargetOf(settings, secretKeyBase);
    const listed: PublishableIncident[] = [];
    for (const row of await findPublishedIncidents(db, projectId)) {
      const issue = row.issue_id === null ? undefined : await findIssueById(db, row.issue_id);
      if (!issue || issue.confidential || issue.project_id !== projectId) {
        // GitLab unpublishes an incident made confidential; a deleted one goes the same way.
        await target.delete(incidentDetailsKey(row.issue_iid));
        await deletePublishedIncident(db, row.id);
        changed++;
        continue;
      }
      const incident = await publishableIncident(db, { project, namespace }, issue, externalUrl, now);
      listed.push(incident);
      const json = JSON.stringify(incidentDetails(incident));
      const digest = digestOf(json);
      if (digest !== row.published_digest) {
        await target.put(incidentDetailsKey(issue.iid), json, JSON_TYPE);
        await setPublishedDigest(db, row.id, digest, now());
        changed++;
      }
    }
    const list = JSON.stringify(incidentList(listed));
    const listDigest = digestOf(list);
    if (listDigest !== settings.list_digest) {
      await target.put(STATUS_PAGE_LIST_KEY, list, JSON_TYPE);
      changed++;
      await recordPublication(db, projectId, { error: null, listDigest, at: now() });
    } else if (changed > 0 || settings.last_error !== null) {
      await recordPublication(db, projectId, { error: null, at: now() });
    }
    return { changed, error: null };
  } catch (error) {
    const text = failureText(error);
    if (text !== settings.last_error) await recordPublication(db, projectId, { error: text, at: now() });
    return { changed, error: text };
  }
}

/** One pass over every project whose status page is active and has incidents published. */
export async function publishStatusPages(
  db: Executor,
  context: PublicationContext,
): Promise<{ readonly failed: number }> {
  let failed = 0;
  for (const projectId of await findProjectIdsToPublish(db)) {
    const outcome = await publishProjectStatusPage(db, projectId, context);
    if (outcome.error !== null) failed++;
  }
  return { failed };
}

import {
  type StatusPageSettingsField,
  type StatusPageSettingsInput,
  type StatusPageSettingsView,
  statusPageSettingsErrors,
} from '../../../core/domain/statusPage.ts';
import { type Executor, inTransaction } from '../../db/executor.ts';
import {
  findPublishedIncidents,
  findStatusPageSettings,
  forgetPublishedDigests,
  saveStatusPageSettings,
} from '../../db/repositories/statusPageRepository.ts';
import type { StatusPageSettingsRow } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import type { ProjectInNamespace } from '../issueService.ts';
import { sealSecret } from '../secretBox.ts';

/** What the status page's secret key is sealed for (secretBox's purpose). */
export const STATUS_PAGE_SECRET_PURPOSE = 'status_page_setting.aws_secret_key';

/** GitLab's attribute names (status_page_setting_attributes), by form field. */
export const STATUS_PAGE_ATTRIBUTES: Readonly<Record<StatusPageSettingsField, string>> = {
  statusPageUrl: 'status_page_url',
  bucketName: 'aws_s3_bucket_name',
  region: 'aws_region',
  accessKeyId: 'aws_access_key',
  secretAccessKey: 'aws_secret_key',
  endpoint: 's3_endpoint',
};

/** Settings → Monitor is for the project's maintainers (GitLab's admin_operations); others get a 404. */
async function assertMaintainer(
  access: AccessContext,
  { project, namespace }: ProjectInNamespace,
): Promise<void> {
  if (!(await access.canInProject('admin_project', project, namespace))) throw new NotFoundError('Project');
}

export async function canManageStatusPage(
  access: AccessContext,
  where: ProjectInNamespace,
): Promise<boolean> {
  return access.canInProject('admin_project', where.project, where.namespace);
}

export async function statusPageSettingsView(
  db: Executor,
  access: AccessContext,
  where: ProjectInNamespace,
): Promise<StatusPageSettingsView> {
  await assertMaintainer(access, where);
  const settings = await findStatusPageSettings(db, where.project.id);
  const published = await findPublishedIncidents(db, where.project.id);
  return {
    enabled: settings?.enabled ?? false,
    statusPageUrl: settings?.status_page_url ?? '',
    bucketName: settings?.aws_s3_bucket_name ?? '',
    region: settings?.aws_region ?? '',
    accessKeyId: settings?.aws_access_key ?? '',
    hasSecret: (settings?.aws_secret_key ?? '') !== '',
    endpoint: settings?.s3_endpoint ?? '',
    lastError: settings?.last_error ?? '',
    lastPublishedAt: settings?.last_published_at ? new Date(settings.last_published_at).toISOString() : '',
    publishedCount: published.filter((row) => row.issue_id !== null).length,
  };
}

/** Whether the files would now go somewhere else than before (a new secret counts: a new account). */
function targetChanged(before: StatusPageSettingsRow | undefined, after: StatusPageSettingsInput): boolean {
  if (!before) return true;
  return (
    before.aws_s3_bucket_name !== after.bucketName ||
    before.aws_region !== after.region ||
    (before.s3_endpoint ?? '') !== after.endpoint ||
    before.aws_access_key !== after.accessKeyId ||
    after.secretAccessKey !== '' ||
    !before.enabled
  );
}

/**
 * Saves a project's status page settings (GitLab's Settings → Monitor → Status page). Refused with
 * every field's problem and nothing saved when the form is not valid. A blank secret keeps the saved
 * one. Pointing the settings at another bucket (or turning them on again) writes every file anew.
 */
export async function updateStatusPageSettings(
  db: Executor,
  access: AccessContext,
  where: ProjectInNamespace,
  input: StatusPageSettingsInput,
  secretKeyBase: string | undefined,
): Promise<void> {
  await assertMaintainer(access, where);
  if (input.secretAccessKey.trim() !== '' && !secretKeyBase)
    throw new Error('SECRET_KEY_BASE is not set: secrets cannot be stored');
  const trimmed: StatusPageSettingsInput = {
    enabled: input.enabled,
    statusPageUrl: input.statusPageUrl.trim(),
    bucketName: input.bucketName.trim(),
    region: input.region.trim(),
    accessKeyId: input.accessKeyId.trim(),
    secretAccessKey: input.secretAccessKey.trim(),
    endpoint: input.endpoint.trim(),
  };
  await inTransaction(db, async (trx) => {
    const before = await findStatusPageSettings(trx, where.project.id);
    const errors = statusPageSettingsErrors(trimmed, (before?.aws_secret_key ?? '') !== '');
    const fields = Object.entries(errors) as [StatusPageSettingsField, string][];
    if (fields.length > 0) {
      throw new ValidationError(
        Object.fromEntries(fields.map(([field, message]) => [STATUS_PAGE_ATTRIBUTES[field], [message]])),
      );
    }
    await saveStatusPageSettings(
      trx,
      { id: where.project.id, rootNamespaceId: where.project.root_namespace_id },
      {
        enabled: trimmed.enabled,
        statusPageUrl: trimmed.statusPageUrl || null,
        bucketName: trimmed.bucketName,
        region: trimmed.region,
        accessKeyId: trimmed.accessKeyId,
        secretAccessKey:
          trimmed.secretAccessKey === ''
            ? undefined
            : sealSecret(trimmed.secretAccessKey, secretKeyBase ?? '', STATUS_PAGE_SECRET_PURPOSE),
        endpoint: trimmed.endpoint || null,
      },
      access.now(),
    );
    if (targetChanged(before, trimmed)) await forgetPublishedDigests(trx, where.project.id);
  });
}

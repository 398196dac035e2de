/** Settings → Monitor's status page form: saved as GitLab's form posts it, as JSON. */
import type { StatusPageSettingsInput } from '../../../core/domain/statusPage.ts';
import { projectMonitorSettingsPath } from '../../../core/domain/webPaths.ts';
import { sendJson } from '../restJson.ts';
import { noticeOf } from '../settings/settingsRest.ts';

/** Saves the project's status page settings; answers the notice, or rejects with the server's problems. */
export async function saveStatusPageSettings(
  fullPath: string,
  input: StatusPageSettingsInput,
): Promise<string> {
  return noticeOf(
    await sendJson('PUT', projectMonitorSettingsPath(fullPath), {
      project: {
        status_page_setting_attributes: {
          enabled: input.enabled,
          status_page_url: input.statusPageUrl,
          aws_s3_bucket_name: input.bucketName,
          aws_region: input.region,
          aws_access_key: input.accessKeyId,
          aws_secret_key: input.secretAccessKey,
          s3_endpoint: input.endpoint,
        },
      },
    }),
  );
}

/** The Admin Area's save of the instance's settings, through GitLab's REST settings API. */
import {
  type ApplicationSettings,
  DEFAULT_SETTINGS,
  settingsOver,
} from '../../../core/domain/applicationSettings.ts';
import { APPLICATION_SETTINGS_API_PATH } from '../../../core/domain/webPaths.ts';
import { sendJson } from '../restJson.ts';

/** Saves the settings given; answers the settings in force after it, or rejects with the server's reasons. */
export async function saveApplicationSettings(
  change: Partial<ApplicationSettings>,
): Promise<ApplicationSettings> {
  const response = await sendJson('PUT', APPLICATION_SETTINGS_API_PATH, change);
  return settingsOver(DEFAULT_SETTINGS, await response.json());
}

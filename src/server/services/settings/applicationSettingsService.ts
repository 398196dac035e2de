/**
 * GitLab's application settings: read often (every API request's rate limit, every sign-in), changed
 * rarely, by administrators. Each server keeps the settings in force for a few seconds, so a change
 * takes effect on every instance behind a load balancer within that time, and at once on the one
 * that made it, without a restart.
 */
import {
  type ApplicationSettings,
  parseSettingsChange,
  settingsConflicts,
  settingsOver,
} from '../../../core/domain/applicationSettings.ts';
import type { Executor } from '../../db/executor.ts';
import {
  mergeStoredSettings,
  readStoredSettings,
} from '../../db/repositories/applicationSettingsRepository.ts';
import { type AccessContext, requireAdministrator } from '../access.ts';
import { ValidationError } from '../errors.ts';

/** How long a server answers from what it read before reading again. */
const FRESH_MS = 5_000;

export interface ApplicationSettingsStore {
  /** The settings in force. */
  current(): Promise<ApplicationSettings>;
  /** An administrator's change (GitLab's PUT): what it names, checked; answers the settings after it. */
  change(access: AccessContext, input: Readonly<Record<string, unknown>>): Promise<ApplicationSettings>;
}

/**
 * `defaults` are this server's configured values (the environment's rate limits among them); what an
 * administrator stored replaces them.
 */
export function createApplicationSettingsStore(
  db: Executor,
  defaults: ApplicationSettings,
  clock: { readonly monotonicMs: () => number },
): ApplicationSettingsStore {
  let cached: { readonly settings: Promise<ApplicationSettings>; readonly readAt: number } | undefined;

  const read = (): Promise<ApplicationSettings> =>
    readStoredSettings(db).then((stored) => settingsOver(defaults, stored));

  const store: ApplicationSettingsStore = {
    current() {
      const at = clock.monotonicMs();
      if (!cached || at - cached.readAt > FRESH_MS) {
        const settings = read();
        cached = { settings, readAt: at };
        // A failed read is not kept: the next request reads again.
        settings.catch(() => {
          if (cached?.settings === settings) cached = undefined;
        });
      }
      return cached.settings;
    },

    async change(access, input) {
      requireAdministrator(access);
      const { change, problems } = parseSettingsChange(input);
      if (Object.keys(problems).length > 0) throw new ValidationError(problems);
      const conflicts = settingsConflicts({ ...(await store.current()), ...change });
      if (Object.keys(conflicts).length > 0) throw new ValidationError(conflicts);
      const stored = await mergeStoredSettings(db, change, access.now());
      const settings = settingsOver(defaults, stored);
      cached = { settings: Promise.resolve(settings), readAt: clock.monotonicMs() };
      return settings;
    },
  };
  return store;
}

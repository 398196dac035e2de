/**
 * The User settings pages' writes and reads: the profile and preferences saves (GitLab's JSON form
 * posts), personal access tokens (the page's create endpoint and GitLab's REST API), and the active
 * sessions. Each write answers the notice to show, or rejects with the server's own message.
 */
import {
  ACCESS_TOKENS_PATH,
  ACTIVE_SESSIONS_JSON_PATH,
  activeSessionPath,
  PREFERENCES_PATH,
  PROFILE_SETTINGS_PATH,
} from '../../../core/domain/settingsPaths.ts';
import type { ClearStatusAfter, ColorMode } from '../../../core/domain/userSettings.ts';
import { getJsonArray, isObject, type Json, sendJson, str } from '../restJson.ts';

export async function noticeOf(response: Response): Promise<string> {
  const body: unknown = await response.json();
  return isObject(body) ? (str(body.message) ?? '') : '';
}

export interface ProfileFields {
  readonly name: string;
  readonly status: {
    readonly emoji: string;
    readonly message: string;
    readonly busy: boolean;
    /** A choice, or null for never. */
    readonly clearStatusAfter: ClearStatusAfter | null;
  };
}

/** Saves the full name and status; answers GitLab's notice. */
export async function saveProfile(fields: ProfileFields): Promise<string> {
  const { status } = fields;
  return noticeOf(
    await sendJson('PUT', PROFILE_SETTINGS_PATH, {
      user: {
        name: fields.name,
        status: {
          emoji: status.emoji,
          message: status.message,
          availability: status.busy ? 'busy' : 'not_set',
          ...(status.clearStatusAfter ? { clear_status_after: status.clearStatusAfter } : {}),
        },
      },
    }),
  );
}

export interface PreferenceFields {
  readonly colorMode: ColorMode;
  /** '0', '1', '6', or '' for the system default. */
  readonly firstDayOfWeek: string;
}

export async function savePreferences(fields: PreferenceFields): Promise<string> {
  return noticeOf(
    await sendJson('PUT', PREFERENCES_PATH, {
      user: { color_mode: fields.colorMode, first_day_of_week: fields.firstDayOfWeek },
    }),
  );
}

/** A personal access token as the tokens page lists it. */
export interface AccessToken {
  readonly id: number;
  readonly name: string;
  readonly scopes: readonly string[];
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
  /** `YYYY-MM-DD`, or null for never. */
  readonly expiresAt: string | null;
}

function toAccessToken(json: Json): AccessToken {
  return {
    id: typeof json.id === 'number' ? json.id : 0,
    name: str(json.name) ?? '',
    scopes: Array.isArray(json.scopes) ? json.scopes.filter((scope) => typeof scope === 'string') : [],
    createdAt: str(json.created_at) ?? '',
    lastUsedAt: str(json.last_used_at),
    expiresAt: str(json.expires_at),
  };
}

/** The signed-in user's active tokens (every page of them; people have tens, not thousands). */
export async function fetchActiveTokens(signal: AbortSignal): Promise<AccessToken[]> {
  const tokens: AccessToken[] = [];
  for (let page = 1; page <= 20; page++) {
    const query = new URLSearchParams({ state: 'active', per_page: '100', page: String(page) });
    const batch = (await getJsonArray(`/api/v4/personal_access_tokens?${query}`, signal)).map(toAccessToken);
    tokens.push(...batch);
    if (batch.length < 100) break;
  }
  return tokens;
}

export interface NewTokenFields {
  readonly name: string;
  readonly expiresAt: string;
  readonly scopes: readonly string[];
}

/** Creates a token; answers its value, which is never shown again. */
export async function createAccessToken(fields: NewTokenFields): Promise<string> {
  const response = await sendJson('POST', ACCESS_TOKENS_PATH, {
    personal_access_token: { name: fields.name, expires_at: fields.expiresAt, scopes: fields.scopes },
  });
  const body: unknown = await response.json();
  const token = isObject(body) ? str(body.token) : null;
  if (!token) throw new Error('The server answered no token');
  return token;
}

export async function revokeAccessToken(id: number): Promise<void> {
  await sendJson('DELETE', `/api/v4/personal_access_tokens/${id}`);
}

/** A signed-in browser, as the active sessions page lists it. */
export interface ActiveSession {
  readonly id: number;
  readonly browser: string;
  readonly os: string;
  readonly deviceType: string;
  readonly ipAddress: string;
  readonly signedInAt: string;
  readonly lastActivityAt: string;
  readonly current: boolean;
}

function toActiveSession(json: Json): ActiveSession {
  return {
    id: typeof json.id === 'number' ? json.id : 0,
    browser: str(json.browser) ?? '',
    os: str(json.os) ?? '',
    deviceType: str(json.deviceType) ?? 'unknown',
    ipAddress: str(json.ipAddress) ?? '',
    signedInAt: str(json.signedInAt) ?? '',
    lastActivityAt: str(json.lastActivityAt) ?? '',
    current: json.current === true,
  };
}

export async function fetchActiveSessions(signal: AbortSignal): Promise<ActiveSession[]> {
  return (await getJsonArray(ACTIVE_SESSIONS_JSON_PATH, signal)).map(toActiveSession);
}

export async function revokeActiveSession(id: number): Promise<void> {
  await sendJson('DELETE', activeSessionPath(id));
}

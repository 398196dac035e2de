/**
 * Environments as GitLab models them (app/models/environment.rb, lib/gitlab/slug/environment.rb,
 * Gitlab::Regex): where a project is deployed to. The product hosts no code and runs no CI, so an
 * environment is what a CI system reports deployments to; these are its naming rules.
 */

/** GitLab's deployment tiers, in the order of its enum (production 0 … other 4). */
export const ENVIRONMENT_TIERS = ['production', 'staging', 'testing', 'development', 'other'] as const;
export type EnvironmentTier = (typeof ENVIRONMENT_TIERS)[number];

/** An environment's states: `stopping` waits for on-stop jobs, which only a CI system runs. */
export const ENVIRONMENT_STATES = ['available', 'stopping', 'stopped'] as const;
export type EnvironmentState = (typeof ENVIRONMENT_STATES)[number];

/** `auto_stop_setting`: stop when auto_stop_at passes (`always`), or only through a stop job. */
export const AUTO_STOP_SETTINGS = ['always', 'with_action'] as const;
export type AutoStopSetting = (typeof AUTO_STOP_SETTINGS)[number];

/** Longest name, external URL and description GitLab accepts (characters). */
export const ENVIRONMENT_NAME_MAX = 255;
export const ENVIRONMENT_EXTERNAL_URL_MAX = 255;
export const ENVIRONMENT_DESCRIPTION_MAX = 10_000;
/** A slug is at most 24 characters (an OpenShift limit GitLab keeps). */
export const ENVIRONMENT_SLUG_MAX = 24;

/**
 * The name's tier when none is given (Environment#guess_tier). The patterns are tried in this
 * order, anywhere in the name and in any case: `review/app` is development, `qa-staging` testing,
 * `preprod` staging (pre before prod), and a name matching none is `other`.
 */
const TIER_GUESSES: readonly (readonly [RegExp, EnvironmentTier])[] = [
  [/(dev|review|trunk)/i, 'development'],
  [/(test|tst|int|ac(ce|)pt|qa|qc|control|quality)/i, 'testing'],
  [/(st(a|)g|mod(e|)l|pre|demo|non)/i, 'staging'],
  [/(pr(o|)d|live)/i, 'production'],
];

export function guessEnvironmentTier(name: string): EnvironmentTier {
  for (const [pattern, tier] of TIER_GUESSES) if (pattern.test(name)) return tier;
  return 'other';
}

const NAME_EDGE = 'a-zA-Z0-9_$\\{\\}. \\-';
const NAME_INNER = `${NAME_EDGE}/`;
/** Gitlab::Regex.environment_name_regex: its characters, and no `/` at either end. */
const NAME_PATTERN = new RegExp(`^[${NAME_EDGE}](?:[${NAME_INNER}]*[${NAME_EDGE}])?$`);

/** Gitlab::Regex.environment_name_regex_message, the validation error on `name`. */
export const ENVIRONMENT_NAME_MESSAGE =
  "can contain only letters, digits, '-', '_', '/', '$', '{', '}', '.', and spaces, but it cannot start or end with '/'";

export const isValidEnvironmentName = (name: string): boolean =>
  name.length <= ENVIRONMENT_NAME_MAX && NAME_PATTERN.test(name);

/**
 * The folder an environment shows in (GitLab's environment_type): the part before the first `/` of
 * a name that has one (`review/fix-login` is in `review`), else none.
 */
export function environmentFolder(name: string): string | null {
  const parts = name.split('/');
  return parts.length > 1 ? (parts[0] ?? null) : null;
}

/**
 * The environment's slug (Gitlab::Slug::Environment): lowercase letters, digits and single dashes,
 * starting with a letter, at most 24 characters. A name that had to change to become a slug gets a
 * six-character suffix from its SHA-256 digest (`nameSha256Hex`, lowercase hex, computed by the
 * caller: the digest is not a core concern), so two names that slugify alike keep apart.
 */
export function environmentSlug(name: string, nameSha256Hex: string): string {
  let slug = name.toLowerCase().replace(/[^a-z0-9]/g, '-');
  if (!/^[a-z]/.test(slug)) slug = `env-${slug}`;
  slug = slug.replace(/-+/g, '-');
  if (slug.length > ENVIRONMENT_SLUG_MAX || slug !== name) {
    slug = slug.slice(0, 17);
    if (!slug.endsWith('-')) slug += '-';
    return slug + slugSuffix(nameSha256Hex);
  }
  return slug.endsWith('-') ? slug.slice(0, -1) : slug;
}

/** The digest as a base-36 number, its last six digits (Ruby's `to_i(16).to_s(36).last(6)`). */
function slugSuffix(sha256Hex: string): string {
  if (!/^[0-9a-f]{64}$/.test(sha256Hex)) throw new Error('A SHA-256 digest in lowercase hex is expected');
  return BigInt(`0x${sha256Hex}`).toString(36).slice(-6);
}

/** Schemes GitLab refuses in an external URL (Gitlab::Utils::SanitizeNodeLink::UNSAFE_PROTOCOLS). */
const UNSAFE_SCHEMES = ['data', 'javascript', 'vbscript'];

/**
 * Why an external URL is refused (Environment#safe_external_url and its length), or null: one that
 * cannot be a URI (blanks, control characters), a script or data scheme, or past 255 characters.
 */
export function externalUrlError(url: string): string | null {
  if (url.length > ENVIRONMENT_EXTERNAL_URL_MAX) {
    return `is too long (maximum is ${ENVIRONMENT_EXTERNAL_URL_MAX} characters)`;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\s\u0000-\u001f\u007f<>"`]/.test(url)) return 'URI is invalid';
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  return scheme && UNSAFE_SCHEMES.includes(scheme) ? `${scheme} scheme is not allowed` : null;
}

/** What an environment's attributes are checked for, when given. */
export interface EnvironmentAttributes {
  readonly name?: string | undefined;
  readonly description?: string | null | undefined;
  readonly externalUrl?: string | null | undefined;
}

/**
 * The environment's validation errors by attribute (GitLab's `errors.messages`): an empty object
 * when it is valid. A blank description or URL counts as none (GitLab's nullify_if_blank).
 */
export function environmentErrors(attributes: EnvironmentAttributes): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const { name, description, externalUrl } = attributes;
  if (name !== undefined) {
    if (name.trim() === '') errors.name = ["can't be blank"];
    else if (name.length > ENVIRONMENT_NAME_MAX) {
      errors.name = [`is too long (maximum is ${ENVIRONMENT_NAME_MAX} characters)`];
    } else if (!isValidEnvironmentName(name)) errors.name = [ENVIRONMENT_NAME_MESSAGE];
  }
  if (description && description.length > ENVIRONMENT_DESCRIPTION_MAX) {
    errors.description = [`is too long (maximum is ${ENVIRONMENT_DESCRIPTION_MAX} characters)`];
  }
  const urlError = externalUrl ? externalUrlError(externalUrl) : null;
  if (urlError) errors.external_url = [urlError];
  return errors;
}

/**
 * The instance's settings an administrator changes at run time (GitLab's `/application/settings`),
 * by GitLab's names. Each has a default; an administrator's value replaces it until changed again.
 */

import { formatCount } from './plural.ts';
import { TRIAL_DAYS } from './trials.ts';
import { DEFAULT_MAX_ATTACHMENT_SIZE_MIB, MAX_ATTACHMENT_SIZE_LIMIT_MIB } from './uploads.ts';
import { VISIBILITIES, VISIBILITY_LEVEL, type Visibility } from './visibility.ts';

export interface ApplicationSettings {
  /** Anyone may make an account at `/users/sign_up` (GitLab's default: on). */
  readonly signup_enabled: boolean;
  /** The level a new project's and a new group's form starts at (GitLab's: private). */
  readonly default_project_visibility: Visibility;
  readonly default_group_visibility: Visibility;
  /** Levels only administrators may give a group or project. */
  readonly restricted_visibility_levels: readonly Visibility[];
  /** Minutes a browser session lasts (GitLab's default: a week). */
  readonly session_expire_delay: number;
  readonly throttle_authenticated_api_enabled: boolean;
  /** Requests a signed-in user may make to the REST and GraphQL APIs per period. */
  readonly throttle_authenticated_api_requests_per_period: number;
  readonly throttle_authenticated_api_period_in_seconds: number;
  readonly throttle_unauthenticated_api_enabled: boolean;
  /** Requests an address without a user may make per period. */
  readonly throttle_unauthenticated_api_requests_per_period: number;
  readonly throttle_unauthenticated_api_period_in_seconds: number;
  /** Days a free trial lasts (GitLab.com's 30; GitLab has no setting of this name). */
  readonly trial_duration_days: number;
  /**
   * What the trial widget's popover offers (GitLab ran this as an experiment): 'Upgrade {group} to
   * {plan}', or a form that asks the sales team to get in touch.
   */
  readonly trial_widget_variant: TrialWidgetVariant;
  /**
   * The most epics a group's roadmap loads (GitLab's `roadmap_epics_limit`); past it, the roadmap
   * says some epics might not be visible. GitLab's 1,000 is raised here: this roadmap draws 10,000.
   */
  readonly roadmap_epics_limit: number;
  /** The largest file a description or comment may attach, in MiB (GitLab's default: 100). */
  readonly max_attachment_size: number;
}

export const TRIAL_WIDGET_VARIANTS = ['upgrade', 'contact_sales'] as const;
export type TrialWidgetVariant = (typeof TRIAL_WIDGET_VARIANTS)[number];

export type SettingName = keyof ApplicationSettings;

interface IntegerRule {
  readonly kind: 'integer';
  readonly min: number;
  readonly max: number;
}
interface BooleanRule {
  readonly kind: 'boolean';
}
interface ChoiceRule {
  readonly kind: 'choice';
  readonly choices: readonly string[];
}
/** Any of the choices, each once (a JSON or form list, or text separated by commas). */
interface ChoicesRule {
  readonly kind: 'choices';
  readonly choices: readonly string[];
}
type SettingRule = IntegerRule | BooleanRule | ChoiceRule | ChoicesRule;

const integer = (min: number, max: number): IntegerRule => ({ kind: 'integer', min, max });
const BOOLEAN: BooleanRule = { kind: 'boolean' };

/** What each setting accepts. */
export const SETTING_RULES: Readonly<Record<SettingName, SettingRule>> = {
  signup_enabled: BOOLEAN,
  default_project_visibility: { kind: 'choice', choices: VISIBILITIES },
  default_group_visibility: { kind: 'choice', choices: VISIBILITIES },
  restricted_visibility_levels: { kind: 'choices', choices: VISIBILITIES },
  session_expire_delay: integer(1, 525_600),
  throttle_authenticated_api_enabled: BOOLEAN,
  throttle_authenticated_api_requests_per_period: integer(1, 10_000_000),
  throttle_authenticated_api_period_in_seconds: integer(1, 86_400),
  throttle_unauthenticated_api_enabled: BOOLEAN,
  throttle_unauthenticated_api_requests_per_period: integer(1, 10_000_000),
  throttle_unauthenticated_api_period_in_seconds: integer(1, 86_400),
  trial_duration_days: integer(1, 365),
  trial_widget_variant: { kind: 'choice', choices: TRIAL_WIDGET_VARIANTS },
  roadmap_epics_limit: integer(50, 100_000),
  max_attachment_size: integer(1, MAX_ATTACHMENT_SIZE_LIMIT_MIB),
};

export const SETTING_NAMES = Object.keys(SETTING_RULES) as SettingName[];

export const DEFAULT_SETTINGS: ApplicationSettings = {
  signup_enabled: true,
  default_project_visibility: 'private',
  default_group_visibility: 'private',
  restricted_visibility_levels: [],
  session_expire_delay: 10_080,
  throttle_authenticated_api_enabled: true,
  throttle_authenticated_api_requests_per_period: 2_000,
  throttle_authenticated_api_period_in_seconds: 60,
  throttle_unauthenticated_api_enabled: true,
  throttle_unauthenticated_api_requests_per_period: 500,
  throttle_unauthenticated_api_period_in_seconds: 60,
  trial_duration_days: TRIAL_DAYS,
  trial_widget_variant: 'upgrade',
  roadmap_epics_limit: 10_000,
  max_attachment_size: DEFAULT_MAX_ATTACHMENT_SIZE_MIB,
};

/**
 * Reads a change as it comes (JSON or a form's text): the settings it names, checked, or the
 * problems by setting. Names it does not know are left out, as GitLab ignores them.
 */
export function parseSettingsChange(input: Readonly<Record<string, unknown>>): {
  readonly change: Partial<ApplicationSettings>;
  readonly problems: Readonly<Record<string, string[]>>;
} {
  const change: Record<string, number | boolean | string | readonly string[]> = {};
  const problems: Record<string, string[]> = {};
  for (const name of SETTING_NAMES) {
    if (!(name in input)) continue;
    const value = input[name];
    const rule = SETTING_RULES[name];
    if (rule.kind === 'choices') {
      const chosen = choicesOf(value, rule.choices);
      if (chosen) change[name] = chosen;
      else problems[name] = [`must be a list of ${rule.choices.join(', ')}`];
      continue;
    }
    if (rule.kind === 'choice') {
      if (typeof value === 'string' && rule.choices.includes(value)) change[name] = value;
      else problems[name] = [`must be one of ${rule.choices.join(', ')}`];
      continue;
    }
    if (rule.kind === 'boolean') {
      if (value === true || value === 'true') change[name] = true;
      else if (value === false || value === 'false') change[name] = false;
      else problems[name] = ['must be true or false'];
      continue;
    }
    const number = typeof value === 'string' && /^\d{1,12}$/.test(value.trim()) ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isSafeInteger(number))
      problems[name] = ['must be a whole number'];
    else if (number < rule.min || number > rule.max) {
      problems[name] = [`must be between ${formatCount(rule.min)} and ${formatCount(rule.max)}`];
    } else change[name] = number;
  }
  return { change: change as Partial<ApplicationSettings>, problems };
}

/**
 * A list of choices as it comes: a JSON list or a form's repeated field, text separated by commas,
 * or GitLab's levels as numbers (0, 10, 20); null when anything in it is not a choice. Kept in the
 * choices' order, each once.
 */
function choicesOf(value: unknown, choices: readonly string[]): string[] | null {
  const items = Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean)
      : null;
  if (!items) return null;
  const named = items.map((item) =>
    typeof item === 'number' || (typeof item === 'string' && /^\d+$/.test(item))
      ? VISIBILITIES.find((level) => VISIBILITY_LEVEL[level] === Number(item))
      : item,
  );
  if (named.some((item) => typeof item !== 'string' || !choices.includes(item))) return null;
  return choices.filter((choice) => named.includes(choice));
}

/** Problems only the settings together show: a default level that the instance restricts. */
export function settingsConflicts(settings: ApplicationSettings): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  for (const name of ['default_project_visibility', 'default_group_visibility'] as const) {
    if (settings.restricted_visibility_levels.includes(settings[name])) {
      problems[name] = ['cannot be set to a restricted visibility level'];
    }
  }
  return problems;
}

/** The settings in force: the defaults, with what an administrator stored over them (bad values skipped). */
export function settingsOver(defaults: ApplicationSettings, stored: unknown): ApplicationSettings {
  if (typeof stored !== 'object' || stored === null) return defaults;
  return { ...defaults, ...parseSettingsChange(stored as Record<string, unknown>).change };
}

import { type FormEvent, useId, useState } from 'react';
import {
  type ApplicationSettings,
  DEFAULT_SETTINGS,
  type SettingName,
  settingsOver,
  TRIAL_WIDGET_VARIANTS,
  type TrialWidgetVariant,
} from '../../../core/domain/applicationSettings.ts';
import { VISIBILITIES, type Visibility } from '../../../core/domain/visibility.ts';
import { ADMIN_SETTINGS_PATH } from '../../../core/domain/webPaths.ts';
import { parseJsonRecord } from '../../../core/lib/jsonText.ts';
import type { PageMountOf } from '../../../core/pages/pageMount.ts';
import { PageHeader } from '../../components/navigation/index.ts';
import { saveApplicationSettings, usePageSettled } from '../../data/index.ts';
import { Alert, Button, useDocumentTitle } from '../../ui/index.ts';

/** GitLab's labels for its settings, and the page's words. */
const TEXTS = {
  title: 'Settings',
  subtitle: 'Instance-wide settings. A change takes effect within seconds, without a restart.',
  crumb: 'Admin Area',
  saved: 'Application settings saved successfully',
  save: 'Save changes',
  saving: 'Saving…',
  sections: {
    signUp: ['Sign-up restrictions', 'Whether people may make their own accounts.'],
    signIn: ['Sign-in restrictions', 'How long a browser stays signed in.'],
    visibility: [
      'Visibility and access controls',
      'What a new group or project starts as, and which levels only administrators may give.',
    ],
    rateLimits: [
      'User and IP rate limits',
      'Requests to the REST and GraphQL APIs, per user or per address.',
    ],
    trials: ['Free trials', 'The trial a Free top-level group’s owner can start once.'],
    roadmap: ['Roadmap', 'How much of a group’s epics its roadmap loads.'],
    attachments: ['Attachments', 'Files attached to descriptions and comments.'],
  },
  labels: {
    signup_enabled: 'Sign-up enabled',
    default_project_visibility: 'Default project visibility',
    default_group_visibility: 'Default group visibility',
    restricted_visibility_levels: 'Restricted visibility levels',
    session_expire_delay: 'Session duration (minutes)',
    throttle_unauthenticated_api_enabled: 'Enable unauthenticated API request rate limit',
    throttle_unauthenticated_api_requests_per_period:
      'Maximum unauthenticated API requests per rate limit period per IP',
    throttle_unauthenticated_api_period_in_seconds: 'Unauthenticated API rate limit period in seconds',
    throttle_authenticated_api_enabled: 'Enable authenticated API request rate limit',
    throttle_authenticated_api_requests_per_period:
      'Maximum authenticated API requests per rate limit period per user',
    throttle_authenticated_api_period_in_seconds: 'Authenticated API rate limit period in seconds',
    trial_duration_days: 'Trial length (days)',
    trial_widget_variant: 'The trial widget offers',
    roadmap_epics_limit: 'Maximum epics on a roadmap',
    max_attachment_size: 'Maximum attachment size (MiB)',
  } satisfies Record<SettingName, string>,
  variants: {
    upgrade: 'An upgrade to the trial’s plan',
    contact_sales: 'A form to contact the sales team (the administrators are mailed)',
  } satisfies Record<TrialWidgetVariant, string>,
  levels: { private: 'Private', internal: 'Internal', public: 'Public' } satisfies Record<Visibility, string>,
  help: {
    signup_enabled:
      'When enabled, anyone who can reach this instance can register an account at /users/sign_up.',
    session_expire_delay: 'New sessions last this long; a change does not shorten sessions already started.',
    roadmap_epics_limit:
      'Past this many, the roadmap stops loading and says some epics might not be visible.',
  } as Partial<Record<SettingName, string>>,
};

type NumberSetting = {
  [Name in SettingName]: ApplicationSettings[Name] extends number ? Name : never;
}[SettingName];
type FlagSetting = {
  [Name in SettingName]: ApplicationSettings[Name] extends boolean ? Name : never;
}[SettingName];

/** Numbers are edited as text, so that a half-typed value is the form's, not the settings'. */
type Draft = {
  [Name in SettingName]: ApplicationSettings[Name] extends number ? string : ApplicationSettings[Name];
};

const draftOf = (settings: ApplicationSettings): Draft =>
  Object.fromEntries(
    Object.entries(settings).map(([name, value]) => [
      name,
      typeof value === 'number' ? String(value) : value,
    ]),
  ) as Draft;

/** `/admin/application_settings`: GitLab's Admin Area settings, saved through its REST API. */
export function AdminSettingsPage({ settings }: PageMountOf<'admin-settings'>) {
  const id = useId();
  // What the server last said; a save sends only what differs, so another administrator's change
  // to a setting this form did not touch stays.
  const [saved, setSaved] = useState<Draft>(() =>
    draftOf(settingsOver(DEFAULT_SETTINGS, parseJsonRecord(settings))),
  );
  const [draft, setDraft] = useState<Draft>(saved);
  const [notice, setNotice] = useState<{ kind: 'success' | 'danger'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  usePageSettled(true);
  useDocumentTitle(`${TEXTS.title} · ${TEXTS.crumb}`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setNotice(null);
    try {
      // The server checks every value: a refusal names the setting and changes nothing.
      const changed = Object.fromEntries(
        Object.entries(draft).filter(([name, value]) => saved[name as SettingName] !== value),
      ) as Partial<ApplicationSettings>;
      const now = draftOf(await saveApplicationSettings(changed));
      setSaved(now);
      setDraft(now);
      setNotice({ kind: 'success', text: TEXTS.saved });
    } catch (failure) {
      setNotice({ kind: 'danger', text: failure instanceof Error ? failure.message : String(failure) });
    } finally {
      setBusy(false);
    }
  };

  /** A setting's help under it, and the id its control is described by; none without help. */
  const helpId = (name: SettingName) => (TEXTS.help[name] ? `${id}-${name}-help` : undefined);
  const help = (name: SettingName) =>
    TEXTS.help[name] ? (
      <p id={helpId(name)} className="muted admin-setting-help">
        {TEXTS.help[name]}
      </p>
    ) : null;
  const numberField = (name: NumberSetting) => (
    <div className="admin-setting" key={name}>
      <label className="form-label" htmlFor={`${id}-${name}`}>
        {TEXTS.labels[name]}
      </label>
      <input
        id={`${id}-${name}`}
        className="input admin-setting-number"
        inputMode="numeric"
        value={draft[name]}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
        aria-describedby={helpId(name)}
        data-testid={`setting-${name}`}
      />
      {help(name)}
    </div>
  );
  const flagField = (name: FlagSetting) => (
    <div key={name}>
      <label className="checkbox-row">
        <input
          type="checkbox"
          checked={draft[name]}
          onChange={(event) => setDraft({ ...draft, [name]: event.target.checked })}
          aria-describedby={helpId(name)}
          data-testid={`setting-${name}`}
        />
        {TEXTS.labels[name]}
      </label>
      {help(name)}
    </div>
  );
  const levelField = (name: 'default_project_visibility' | 'default_group_visibility') => (
    <div className="admin-setting" key={name}>
      <label className="form-label" htmlFor={`${id}-${name}`}>
        {TEXTS.labels[name]}
      </label>
      <select
        id={`${id}-${name}`}
        className="select"
        value={draft[name]}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value as Visibility })}
        data-testid={`setting-${name}`}
      >
        {VISIBILITIES.map((level) => (
          <option key={level} value={level}>
            {TEXTS.levels[level]}
          </option>
        ))}
      </select>
    </div>
  );
  const restrictedField = () => (
    <fieldset className="admin-setting">
      <legend className="form-label">{TEXTS.labels.restricted_visibility_levels}</legend>
      {VISIBILITIES.map((level) => (
        <label className="checkbox-row" key={level}>
          <input
            type="checkbox"
            checked={draft.restricted_visibility_levels.includes(level)}
            onChange={(event) =>
              setDraft({
                ...draft,
                restricted_visibility_levels: VISIBILITIES.filter((choice) =>
                  choice === level
                    ? event.target.checked
                    : draft.restricted_visibility_levels.includes(choice),
                ),
              })
            }
            data-testid={`setting-restricted-${level}`}
          />
          {TEXTS.levels[level]}
        </label>
      ))}
    </fieldset>
  );
  const section = (key: keyof typeof TEXTS.sections, fields: React.ReactNode) => (
    <section className="admin-section" aria-labelledby={`${id}-${key}`}>
      <h2 id={`${id}-${key}`} className="section-title">
        {TEXTS.sections[key][0]}
      </h2>
      <p className="muted">{TEXTS.sections[key][1]}</p>
      {fields}
    </section>
  );

  return (
    <div className="admin-settings">
      <PageHeader
        crumbs={[
          { label: TEXTS.crumb, href: ADMIN_SETTINGS_PATH },
          { label: TEXTS.title, href: ADMIN_SETTINGS_PATH },
        ]}
        title={TEXTS.title}
      >
        <p className="page-subtitle">{TEXTS.subtitle}</p>
      </PageHeader>
      {notice ? (
        <Alert variant={notice.kind} testId="admin-settings-notice">
          {notice.text}
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate data-testid="admin-settings-form">
        {section('signUp', flagField('signup_enabled'))}
        {section('signIn', numberField('session_expire_delay'))}
        {section(
          'visibility',
          <>
            {levelField('default_project_visibility')}
            {levelField('default_group_visibility')}
            {restrictedField()}
          </>,
        )}
        {section(
          'rateLimits',
          <>
            {flagField('throttle_unauthenticated_api_enabled')}
            {numberField('throttle_unauthenticated_api_requests_per_period')}
            {numberField('throttle_unauthenticated_api_period_in_seconds')}
            {flagField('throttle_authenticated_api_enabled')}
            {numberField('throttle_authenticated_api_requests_per_period')}
            {numberField('throttle_authenticated_api_period_in_seconds')}
          </>,
        )}
        {section(
          'trials',
          <>
            {numberField('trial_duration_days')}
            <fieldset className="admin-setting">
              <legend className="form-label">{TEXTS.labels.trial_widget_variant}</legend>
              {TRIAL_WIDGET_VARIANTS.map((variant) => (
                <label className="checkbox-row" key={variant}>
                  <input
                    type="radio"
                    name="trial_widget_variant"
                    value={variant}
                    checked={draft.trial_widget_variant === variant}
                    onChange={() => setDraft({ ...draft, trial_widget_variant: variant })}
                    data-testid={`setting-trial_widget_variant-${variant}`}
                  />
                  {TEXTS.variants[variant]}
                </label>
              ))}
            </fieldset>
          </>,
        )}
        {section('roadmap', numberField('roadmap_epics_limit'))}
        {section('attachments', numberField('max_attachment_size'))}
        <Button type="submit" variant="confirm" disabled={busy} data-testid="admin-settings-save">
          {busy ? TEXTS.saving : TEXTS.save}
        </Button>
      </form>
    </div>
  );
}

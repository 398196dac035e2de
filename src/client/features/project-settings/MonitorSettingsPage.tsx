/**
 * `/:project/-/settings/operations` (GitLab's Settings → Monitor), for the project's maintainers:
 * the status page settings — where /publish writes an incident's files (an S3 bucket) and the
 * address of the site that shows them — with how the last publication went.
 */
import { type FormEvent, useCallback, useId, useState } from 'react';
import {
  parseStatusPageSettingsView,
  STATUS_PAGE_LIMITS,
  type StatusPageSettingsField,
  type StatusPageSettingsInput,
  statusPageSettingsErrors,
} from '../../../core/domain/statusPage.ts';
import { projectMonitorSettingsPath } from '../../../core/domain/webPaths.ts';
import type { PageMountOf } from '../../../core/pages/pageMount.ts';
import { formatTimestamp } from '../../../core/time/formatting.ts';
import { PageHeader, projectCrumbs } from '../../components/navigation/index.ts';
import { SettingsSection, WriteOutcome } from '../../components/settings/index.ts';
import { saveStatusPageSettings, usePageSettled } from '../../data/index.ts';
import { useWrites } from '../../lib/index.ts';
import { Alert, Button, useDocumentTitle } from '../../ui/index.ts';
import { PROJECT_SETTINGS_TEXT as TEXT } from './projectSettingsTexts.ts';

export type MonitorSettingsPageProps = PageMountOf<'project-settings-monitor'>;

type TextField = Exclude<keyof StatusPageSettingsInput, 'enabled'>;

interface FieldSpec {
  readonly field: TextField;
  readonly label: string;
  readonly help?: string;
  readonly type?: 'url' | 'password';
  readonly autoComplete?: string;
}

const FIELDS: readonly FieldSpec[] = [
  { field: 'statusPageUrl', label: TEXT.statusPageUrl, help: TEXT.statusPageUrlHelp, type: 'url' },
  { field: 'bucketName', label: TEXT.bucketName, help: TEXT.bucketNameHelp },
  { field: 'region', label: TEXT.region, help: TEXT.regionHelp },
  { field: 'accessKeyId', label: TEXT.accessKeyId, autoComplete: 'off' },
  { field: 'secretAccessKey', label: TEXT.secretAccessKey, type: 'password', autoComplete: 'new-password' },
  { field: 'endpoint', label: TEXT.endpoint, help: TEXT.endpointHelp, type: 'url' },
];

export function MonitorSettingsPage(props: MonitorSettingsPageProps) {
  const [saved, setSaved] = useState(() => parseStatusPageSettingsView(props.statusPage));
  const [form, setForm] = useState<StatusPageSettingsInput>(() => ({
    enabled: saved.enabled,
    statusPageUrl: saved.statusPageUrl,
    bucketName: saved.bucketName,
    region: saved.region,
    accessKeyId: saved.accessKeyId,
    secretAccessKey: '',
    endpoint: saved.endpoint,
  }));
  const [tried, setTried] = useState(false);
  const onSaved = useCallback(() => {
    setSaved((before) => ({
      ...before,
      enabled: form.enabled,
      hasSecret: before.hasSecret || form.secretAccessKey !== '',
    }));
    setForm((before) => ({ ...before, secretAccessKey: '' }));
    setTried(false);
  }, [form.enabled, form.secretAccessKey]);
  const writes = useWrites(onSaved);
  const idPrefix = useId();
  usePageSettled(!writes.busy);
  useDocumentTitle(TEXT.title);

  const errors = tried ? statusPageSettingsErrors(form, saved.hasSecret) : {};
  const errorId = (field: StatusPageSettingsField) => `${idPrefix}-${field}-error`;
  const helpId = (field: StatusPageSettingsField) => `${idPrefix}-${field}-help`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const problems = statusPageSettingsErrors(form, saved.hasSecret);
    const first = Object.keys(problems)[0];
    if (first) {
      document.getElementById(`${idPrefix}-${first}`)?.focus();
      return;
    }
    void writes.run(() => saveStatusPageSettings(props.fullPath, form));
  };

  const crumbs = [
    ...projectCrumbs(props.fullPath, props.projectName),
    { label: TEXT.settings, href: projectMonitorSettingsPath(props.fullPath) },
    { label: TEXT.monitor, href: projectMonitorSettingsPath(props.fullPath) },
  ];
  return (
    <>
      <PageHeader crumbs={crumbs} title={TEXT.title} />
      <form className="settings-form" onSubmit={submit} noValidate data-testid="status-page-form">
        <WriteOutcome writes={writes} />
        <SettingsSection id={`${idPrefix}-status-page`} title={TEXT.statusPage} help={TEXT.statusPageHelp}>
          <PublicationStatus
            lastError={saved.lastError}
            lastPublishedAt={saved.lastPublishedAt}
            count={saved.publishedCount}
          />
          <div className="settings-checkbox">
            <input
              id={`${idPrefix}-enabled`}
              type="checkbox"
              checked={form.enabled}
              onChange={(event) => setForm({ ...form, enabled: event.target.checked })}
              aria-describedby={`${idPrefix}-enabled-help`}
              data-testid="status-page-enabled"
            />
            <div>
              <label htmlFor={`${idPrefix}-enabled`}>{TEXT.active}</label>
              <p id={`${idPrefix}-enabled-help`} className="muted">
                {TEXT.activeHelp}
              </p>
            </div>
          </div>
          {FIELDS.map((spec) => {
            const error = errors[spec.field];
            const help =
              spec.field === 'secretAccessKey' && saved.hasSecret ? TEXT.secretSavedHelp : spec.help;
            return (
              <div className="form-field" key={spec.field}>
                <label htmlFor={`${idPrefix}-${spec.field}`}>{spec.label}</label>
                <input
                  id={`${idPrefix}-${spec.field}`}
                  className="input"
                  type={spec.type ?? 'text'}
                  value={form[spec.field]}
                  maxLength={STATUS_PAGE_LIMITS[spec.field].max}
                  autoComplete={spec.autoComplete}
                  spellCheck={false}
                  onChange={(event) => setForm({ ...form, [spec.field]: event.target.value })}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId(spec.field) : help ? helpId(spec.field) : undefined}
                  data-testid={`status-page-${spec.field}`}
                />
                {error ? (
                  <p id={errorId(spec.field)} className="issuable-form-error">
                    {error}
                  </p>
                ) : help ? (
                  <p id={helpId(spec.field)} className="muted">
                    {help}
                  </p>
                ) : null}
              </div>
            );
          })}
          <div className="settings-actions">
            <Button type="submit" variant="confirm" disabled={writes.busy} data-testid="status-page-save">
              {TEXT.saveChanges}
            </Button>
          </div>
        </SettingsSection>
      </form>
    </>
  );
}

/** How the last publication went: when it succeeded, or why it failed. */
function PublicationStatus({
  lastError,
  lastPublishedAt,
  count,
}: {
  lastError: string;
  lastPublishedAt: string;
  count: number;
}) {
  if (lastError)
    return (
      <Alert variant="danger" title={TEXT.lastFailed} testId="status-page-last-error">
        <p>{lastError}</p>
        <p>{TEXT.retries}</p>
      </Alert>
    );
  return (
    <p className="muted" data-testid="status-page-status">
      {[
        TEXT.publishedCount(count),
        lastPublishedAt ? TEXT.lastPublished(formatTimestamp(lastPublishedAt)) : TEXT.neverPublished,
      ]
        .filter(Boolean)
        .join(' ')}
    </p>
  );
}

/**
 * `/-/user_settings/profile` (GitLab's Edit Profile): the status (emoji, message, 'Busy', when it
 * clears) and the full name, saved together.
 */
import { type FormEvent, useId, useState } from 'react';
import { STATUS_EMOJI } from '../../../core/domain/statusEmoji.ts';
import {
  CLEAR_STATUS_AFTER,
  type ClearStatusAfter,
  isClearStatusAfter,
  NAME_MAX_LENGTH,
  STATUS_MESSAGE_MAX_LENGTH,
} from '../../../core/domain/userSettings.ts';
import type { PageMountOf } from '../../../core/pages/pageMount.ts';
import { formatTimestamp } from '../../../core/time/formatting.ts';
import { SettingsSection, WriteOutcome } from '../../components/settings/index.ts';
import { saveProfile, usePageSettled } from '../../data/index.ts';
import { useWrites } from '../../lib/index.ts';
import { Button } from '../../ui/index.ts';
import { SettingsLayout } from './SettingsLayout.tsx';
import { SETTINGS_TEXT } from './settingsTexts.ts';

export type ProfileSettingsPageProps = PageMountOf<'profile-settings'>;

const NO_RELOAD = () => undefined;

export function ProfileSettingsPage(props: ProfileSettingsPageProps) {
  const [name, setName] = useState(props.name);
  const [emoji, setEmoji] = useState(props.statusEmoji);
  const [message, setMessage] = useState(props.statusMessage);
  const [busy, setBusy] = useState(props.statusBusy);
  const [clearAfter, setClearAfter] = useState<ClearStatusAfter | ''>('');
  const [tried, setTried] = useState(false);
  const writes = useWrites(NO_RELOAD);
  const ids = {
    emoji: useId(),
    message: useId(),
    busy: useId(),
    clear: useId(),
    name: useId(),
    error: useId(),
  };
  usePageSettled(!writes.busy);
  const missingName = name.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (missingName) return;
    void writes.run(() =>
      saveProfile({
        name: name.trim(),
        status: { emoji, message: message.trim(), busy, clearStatusAfter: clearAfter || null },
      }),
    );
  };

  return (
    <SettingsLayout section="profile" title={SETTINGS_TEXT.editProfile}>
      <form className="settings-form" onSubmit={submit} noValidate data-testid="profile-form">
        <WriteOutcome writes={writes} />
        <SettingsSection
          id="profile-status"
          title={SETTINGS_TEXT.currentStatus}
          help={SETTINGS_TEXT.statusHelp}
        >
          <div className="form-field">
            <label htmlFor={ids.emoji}>{SETTINGS_TEXT.emoji}</label>
            <select
              id={ids.emoji}
              className="select settings-input-narrow"
              value={emoji}
              onChange={(event) => setEmoji(event.target.value)}
              data-testid="status-emoji"
            >
              <option value="">{SETTINGS_TEXT.noEmoji}</option>
              {Object.entries(STATUS_EMOJI).map(([key, character]) => (
                <option key={key} value={key}>
                  {`${character} ${key.replace(/_/g, ' ')}`}
                </option>
              ))}
            </select>
          </div>
          <div className="form-field">
            <label htmlFor={ids.message}>{SETTINGS_TEXT.statusMessage}</label>
            <input
              id={ids.message}
              className="input"
              value={message}
              maxLength={STATUS_MESSAGE_MAX_LENGTH}
              placeholder={SETTINGS_TEXT.statusPlaceholder}
              onChange={(event) => setMessage(event.target.value)}
              data-testid="status-message"
            />
          </div>
          <div className="settings-checkbox">
            <input
              id={ids.busy}
              type="checkbox"
              checked={busy}
              onChange={(event) => setBusy(event.target.checked)}
              aria-describedby={`${ids.busy}-help`}
              data-testid="status-busy"
            />
            <div>
              <label htmlFor={ids.busy}>{SETTINGS_TEXT.busy}</label>
              <p id={`${ids.busy}-help`} className="muted">
                {SETTINGS_TEXT.busyHelp}
              </p>
            </div>
          </div>
          <div className="form-field">
            <label htmlFor={ids.clear}>{SETTINGS_TEXT.clearStatusAfter}</label>
            <select
              id={ids.clear}
              className="select settings-input-narrow"
              value={clearAfter}
              onChange={(event) =>
                setClearAfter(isClearStatusAfter(event.target.value) ? event.target.value : '')
              }
              data-testid="status-clear-after"
            >
              <option value="">{SETTINGS_TEXT.never}</option>
              {Object.entries(CLEAR_STATUS_AFTER).map(([key, choice]) => (
                <option key={key} value={key}>
                  {choice.label}
                </option>
              ))}
            </select>
            {props.statusClearAt && !clearAfter ? (
              <p className="muted">{SETTINGS_TEXT.clearsAt(formatTimestamp(props.statusClearAt))}</p>
            ) : null}
          </div>
        </SettingsSection>
        <SettingsSection
          id="profile-main"
          title={SETTINGS_TEXT.mainSettings}
          help={SETTINGS_TEXT.mainSettingsHelp}
        >
          <div className="form-field">
            <label htmlFor={ids.name}>{SETTINGS_TEXT.fullName}</label>
            <input
              id={ids.name}
              className="input"
              value={name}
              maxLength={NAME_MAX_LENGTH}
              required
              autoComplete="name"
              onChange={(event) => setName(event.target.value)}
              aria-invalid={tried && missingName}
              aria-describedby={tried && missingName ? ids.error : `${ids.name}-help`}
              data-testid="profile-name"
            />
            {tried && missingName ? (
              <p id={ids.error} className="issuable-form-error">
                {SETTINGS_TEXT.nameRequired}
              </p>
            ) : (
              <p id={`${ids.name}-help`} className="muted">
                {SETTINGS_TEXT.fullNameHelp}
              </p>
            )}
          </div>
        </SettingsSection>
        <div className="settings-actions">
          <Button type="submit" variant="confirm" disabled={writes.busy} data-testid="profile-save">
            {SETTINGS_TEXT.updateProfile}
          </Button>
          <a className="btn btn-default" href={`/${encodeURIComponent(props.username)}`}>
            {SETTINGS_TEXT.cancel}
          </a>
        </div>
      </form>
    </SettingsLayout>
  );
}

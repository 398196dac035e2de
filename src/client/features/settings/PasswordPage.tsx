/**
 * `/-/user_settings/password/edit`: a real form posted to the server, which checks the current
 * password, applies GitLab's rules, and on success signs every browser out ("Please sign in again").
 */
import { useId } from 'react';
import { PASSWORD_PATH } from '../../../core/domain/settingsPaths.ts';
import { PASSWORD_MIN_LENGTH } from '../../../core/domain/userSettings.ts';
import type { PageMountOf } from '../../../core/pages/pageMount.ts';
import { SettingsSection } from '../../components/settings/index.ts';
import { csrfToken, usePageSettled } from '../../data/index.ts';
import { Alert, Button } from '../../ui/index.ts';
import { SettingsLayout } from './SettingsLayout.tsx';
import { SETTINGS_TEXT } from './settingsTexts.ts';

export type PasswordPageProps = PageMountOf<'profile-password'>;

export function PasswordPage({ errors }: PasswordPageProps) {
  const problems = errors ? errors.split('\n') : [];
  const ids = { current: useId(), password: useId(), confirmation: useId() };
  usePageSettled(true);
  return (
    <SettingsLayout
      section="password"
      title={SETTINGS_TEXT.password}
      description={SETTINGS_TEXT.passwordHelp}
    >
      <form method="post" action={PASSWORD_PATH} className="settings-form" data-testid="password-form">
        <input type="hidden" name="authenticity_token" value={csrfToken() ?? ''} />
        <input type="hidden" name="_method" value="put" />
        {problems.length > 0 ? (
          <Alert
            variant="danger"
            title={SETTINGS_TEXT.passwordErrors(problems.length)}
            testId="password-errors"
          >
            <ul>
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        <SettingsSection id="password-change" title={SETTINGS_TEXT.password}>
          <div className="form-field">
            <label htmlFor={ids.current}>{SETTINGS_TEXT.currentPassword}</label>
            <input
              id={ids.current}
              name="user[password]"
              type="password"
              className="input settings-input-narrow"
              required
              autoComplete="current-password"
              aria-describedby={`${ids.current}-help`}
              data-testid="current-password"
            />
            <p id={`${ids.current}-help`} className="muted">
              {SETTINGS_TEXT.currentPasswordHelp}
            </p>
          </div>
          <div className="form-field">
            <label htmlFor={ids.password}>{SETTINGS_TEXT.newPassword}</label>
            <input
              id={ids.password}
              name="user[new_password]"
              type="password"
              className="input settings-input-narrow"
              required
              autoComplete="new-password"
              aria-describedby={`${ids.password}-help`}
              data-testid="new-password"
            />
            <p id={`${ids.password}-help`} className="muted">
              {SETTINGS_TEXT.passwordRules(PASSWORD_MIN_LENGTH)}
            </p>
          </div>
          <div className="form-field">
            <label htmlFor={ids.confirmation}>{SETTINGS_TEXT.passwordConfirmation}</label>
            <input
              id={ids.confirmation}
              name="user[password_confirmation]"
              type="password"
              className="input settings-input-narrow"
              required
              autoComplete="new-password"
              data-testid="password-confirmation"
            />
          </div>
        </SettingsSection>
        <div className="settings-actions">
          <Button type="submit" variant="confirm" data-testid="save-password">
            {SETTINGS_TEXT.savePassword}
          </Button>
        </div>
      </form>
    </SettingsLayout>
  );
}

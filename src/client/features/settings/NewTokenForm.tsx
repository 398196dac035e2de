import { type FormEvent, useId, useState } from 'react';
import { daysAfter, TOKEN_SCOPES, TOKEN_TEXT, type TokenScope } from '../../../core/domain/userSettings.ts';
import type { CalendarDate } from '../../../core/time/calendarDate.ts';
import { Button } from '../../ui/index.ts';
import { SETTINGS_TEXT } from './settingsTexts.ts';

const SCOPES = Object.keys(TOKEN_SCOPES) as TokenScope[];

/** GitLab's 'Add new token' form: name, expiry date (30 days ahead, at most 365) and scopes. */
export function NewTokenForm({
  initialName,
  initialScopes,
  defaultExpiry,
  minExpiry,
  maxExpiry,
  saving,
  onCreate,
  onCancel,
}: {
  initialName: string;
  initialScopes: readonly TokenScope[];
  defaultExpiry: CalendarDate;
  /** Today: the earliest expiry is tomorrow. */
  minExpiry: CalendarDate;
  maxExpiry: CalendarDate;
  saving: boolean;
  onCreate: (fields: { name: string; expiresAt: string; scopes: TokenScope[] }) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initialName);
  const [expiresAt, setExpiresAt] = useState<string>(defaultExpiry);
  const [scopes, setScopes] = useState<TokenScope[]>([...initialScopes]);
  const [tried, setTried] = useState(false);
  const ids = { name: useId(), expiry: useId(), scopes: useId() };
  const problems = {
    name: name.trim() === '' ? TOKEN_TEXT.nameRequired : null,
    expiry: expiresAt === '' ? TOKEN_TEXT.expiryRequired : null,
    scopes: scopes.length === 0 ? TOKEN_TEXT.scopeRequired : null,
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problems.name || problems.expiry || problems.scopes) return;
    onCreate({ name: name.trim(), expiresAt, scopes });
  };
  const toggle = (scope: TokenScope, on: boolean) =>
    setScopes((current) => (on ? [...current, scope] : current.filter((item) => item !== scope)));
  const error = (id: string, text: string | null) =>
    tried && text ? (
      <p id={id} className="issuable-form-error">
        {text}
      </p>
    ) : null;

  return (
    <form
      className="settings-form settings-token-form"
      onSubmit={submit}
      noValidate
      data-testid="new-token-form"
    >
      <div className="form-field">
        <label htmlFor={ids.name}>{SETTINGS_TEXT.tokenName}</label>
        <input
          id={ids.name}
          className="input"
          value={name}
          maxLength={255}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={tried && problems.name !== null}
          aria-describedby={tried && problems.name ? `${ids.name}-error` : undefined}
          data-testid="token-name"
          // biome-ignore lint/a11y/noAutofocus: the person opened the form to name a token.
          autoFocus
        />
        {error(`${ids.name}-error`, problems.name)}
      </div>
      <div className="form-field">
        <label htmlFor={ids.expiry}>{SETTINGS_TEXT.expirationDate}</label>
        <input
          id={ids.expiry}
          type="date"
          className="input settings-input-narrow"
          value={expiresAt}
          min={daysAfter(minExpiry, 1)}
          max={maxExpiry}
          onChange={(event) => setExpiresAt(event.target.value)}
          aria-invalid={tried && problems.expiry !== null}
          aria-describedby={`${ids.expiry}-help`}
          data-testid="token-expires-at"
        />
        <p id={`${ids.expiry}-help`} className="muted">
          {SETTINGS_TEXT.expirationHelp(maxExpiry)}
        </p>
        {error(`${ids.expiry}-error`, problems.expiry)}
      </div>
      <fieldset className="settings-scopes" aria-describedby={`${ids.scopes}-help`}>
        <legend>{SETTINGS_TEXT.selectScopes}</legend>
        <p id={`${ids.scopes}-help`} className="muted">
          {SETTINGS_TEXT.scopesHelp}
        </p>
        {SCOPES.map((scope) => (
          <div key={scope} className="settings-checkbox">
            <input
              id={`${ids.scopes}-${scope}`}
              type="checkbox"
              checked={scopes.includes(scope)}
              onChange={(event) => toggle(scope, event.target.checked)}
              aria-describedby={`${ids.scopes}-${scope}-help`}
              data-testid={`token-scope-${scope}`}
            />
            <div>
              <label htmlFor={`${ids.scopes}-${scope}`}>{scope}</label>
              <p id={`${ids.scopes}-${scope}-help`} className="muted">
                {TOKEN_SCOPES[scope]}
              </p>
            </div>
          </div>
        ))}
        {error(`${ids.scopes}-error`, problems.scopes)}
      </fieldset>
      <div className="settings-actions">
        <Button type="submit" variant="confirm" disabled={saving} data-testid="create-token">
          {SETTINGS_TEXT.createToken}
        </Button>
        <Button onClick={onCancel} disabled={saving}>
          {SETTINGS_TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}

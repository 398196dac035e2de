/**
 * `/-/user_settings/personal_access_tokens`: make a token (name, expiry date, scopes), see its value
 * once with a copy button, list the active ones and revoke one after confirming.
 */
import { useState } from 'react';
import {
  isTokenScope,
  TOKEN_TEXT,
  type TokenScope,
  tokenDefaultExpiry,
  tokenMaxExpiry,
} from '../../../core/domain/userSettings.ts';
import type { PageMountOf } from '../../../core/pages/pageMount.ts';
import { type CalendarDate, parseCalendarDate } from '../../../core/time/calendarDate.ts';
import { WriteOutcome } from '../../components/settings/index.ts';
import { useCopyToClipboard } from '../../components/sidebar/index.ts';
import {
  type AccessToken,
  createAccessToken,
  fetchActiveTokens,
  revokeAccessToken,
  usePageSettled,
  useReloadableList,
} from '../../data/index.ts';
import { useWrites } from '../../lib/index.ts';
import { Alert, Button, Dialog, Loading } from '../../ui/index.ts';
import { AccessTokenTable } from './AccessTokenTable.tsx';
import { NewTokenForm } from './NewTokenForm.tsx';
import { SettingsLayout } from './SettingsLayout.tsx';
import { SETTINGS_TEXT } from './settingsTexts.ts';

export type AccessTokensPageProps = PageMountOf<'profile-access-tokens'>;

export function AccessTokensPage({ today, prefillName, prefillScopes }: AccessTokensPageProps) {
  const day = parseCalendarDate(today) ?? (today as CalendarDate);
  const tokens = useReloadableList(fetchActiveTokens);
  const writes = useWrites(tokens.reload);
  const prefilled = prefillScopes.split(',').filter(isTokenScope);
  const [formOpen, setFormOpen] = useState(prefillName !== '' || prefilled.length > 0);
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<AccessToken | null>(null);
  const copy = useCopyToClipboard();
  usePageSettled(!tokens.loading && !writes.busy);

  const create = async (fields: { name: string; expiresAt: string; scopes: TokenScope[] }) => {
    let token: string | null = null;
    const done = await writes.run(async () => {
      token = await createAccessToken(fields);
      return '';
    });
    if (done) {
      setCreated(token);
      setFormOpen(false);
      copy.reset();
    }
  };
  const revoke = async (token: AccessToken) => {
    setRevoking(null);
    setCreated(null);
    await writes.run(async () => {
      await revokeAccessToken(token.id);
      return TOKEN_TEXT.revoked;
    });
  };

  return (
    <SettingsLayout
      section="access-tokens"
      title={SETTINGS_TEXT.personalAccessTokens}
      description={SETTINGS_TEXT.tokensHelp}
    >
      <WriteOutcome writes={writes} />
      {created ? (
        <Alert variant="success" title={SETTINGS_TEXT.newTokenTitle} testId="new-token">
          <div className="settings-token-value">
            <input
              className="input"
              readOnly
              value={created}
              aria-label={SETTINGS_TEXT.newTokenTitle}
              onFocus={(event) => event.target.select()}
              data-testid="new-token-value"
            />
            <Button icon="copy" onClick={() => copy.copy(created)} data-testid="copy-token">
              {copy.state === 'copied' ? SETTINGS_TEXT.copied : SETTINGS_TEXT.copyToken}
            </Button>
          </div>
          <p>{copy.state === 'failed' ? SETTINGS_TEXT.copyFailed : SETTINGS_TEXT.newTokenHelp}</p>
        </Alert>
      ) : null}
      <section className="settings-card" aria-labelledby="active-tokens">
        <header className="settings-card-header">
          <h2 id="active-tokens">
            {SETTINGS_TEXT.activeTokens} <span className="badge badge-neutral">{tokens.items.length}</span>
          </h2>
          {formOpen ? null : (
            <Button onClick={() => setFormOpen(true)} data-testid="add-token">
              {SETTINGS_TEXT.addToken}
            </Button>
          )}
        </header>
        {formOpen ? (
          <NewTokenForm
            initialName={prefillName}
            initialScopes={prefilled}
            defaultExpiry={tokenDefaultExpiry(day)}
            minExpiry={day}
            maxExpiry={tokenMaxExpiry(day)}
            saving={writes.busy}
            onCreate={(fields) => void create(fields)}
            onCancel={() => setFormOpen(false)}
          />
        ) : null}
        {tokens.failed ? <Alert variant="danger">{TOKEN_TEXT.fetchFailed}</Alert> : null}
        {tokens.loading && tokens.items.length === 0 ? <Loading label="Loading tokens" /> : null}
        {!tokens.loading && !tokens.failed && tokens.items.length === 0 ? (
          <p className="muted" data-testid="no-tokens">
            {SETTINGS_TEXT.noTokens}
          </p>
        ) : null}
        {tokens.items.length > 0 ? <AccessTokenTable tokens={tokens.items} onRevoke={setRevoking} /> : null}
      </section>
      <Dialog
        open={revoking !== null}
        title={revoking ? SETTINGS_TEXT.revokeTitle(revoking.name) : ''}
        onClose={() => setRevoking(null)}
        testId="revoke-token-dialog"
      >
        <p>{SETTINGS_TEXT.revokeBody}</p>
        <div className="dialog-actions">
          <Button onClick={() => setRevoking(null)}>{SETTINGS_TEXT.cancel}</Button>
          <Button
            variant="danger"
            onClick={() => revoking && void revoke(revoking)}
            data-testid="revoke-token-confirm"
          >
            {SETTINGS_TEXT.revoke}
          </Button>
        </div>
      </Dialog>
    </SettingsLayout>
  );
}

/**
 * `/-/user_settings/active_sessions`: the browsers signed in to the account (this one first, marked
 * 'This is your current session'), each of the others revocable after confirming.
 */
import { useState } from 'react';
import { formatTimestamp } from '../../../core/time/formatting.ts';
import {
  type ActiveSession,
  fetchActiveSessions,
  revokeActiveSession,
  usePageSettled,
  useReloadableList,
} from '../../data/index.ts';
import { useWrites } from '../../lib/index.ts';
import { Alert, Button, Dialog, Icon, Loading } from '../../ui/index.ts';
import { SettingsLayout } from './SettingsLayout.tsx';
import { SETTINGS_TEXT } from './settingsTexts.ts';

export function ActiveSessionsPage() {
  const sessions = useReloadableList(fetchActiveSessions);
  const writes = useWrites(sessions.reload);
  const [revoking, setRevoking] = useState<ActiveSession | null>(null);
  usePageSettled(!sessions.loading && !writes.busy);

  const revoke = async (session: ActiveSession) => {
    setRevoking(null);
    await writes.run(async () => {
      await revokeActiveSession(session.id);
      return '';
    });
  };

  return (
    <SettingsLayout
      section="active-sessions"
      title={SETTINGS_TEXT.activeSessions}
      description={SETTINGS_TEXT.sessionsHelp}
    >
      {writes.error ? (
        <Alert variant="danger" testId="settings-error">
          {writes.error}
        </Alert>
      ) : null}
      {sessions.failed ? <Alert variant="danger">{SETTINGS_TEXT.sessionsFailed}</Alert> : null}
      {sessions.loading && sessions.items.length === 0 ? <Loading label="Loading sessions" /> : null}
      <ul className="settings-sessions" aria-label={SETTINGS_TEXT.activeSessions} data-testid="sessions-list">
        {sessions.items.map((session) => (
          <li key={session.id} className="settings-session" data-testid="session-row">
            <Icon
              name={
                session.deviceType === 'smartphone' || session.deviceType === 'tablet' ? 'mobile' : 'monitor'
              }
            />
            <div className="settings-session-text">
              <strong>{session.ipAddress || '—'}</strong>
              {session.current ? (
                <div data-testid="current-session">{SETTINGS_TEXT.currentSession}</div>
              ) : (
                <div>
                  {SETTINGS_TEXT.lastAccessed} {formatTimestamp(session.lastActivityAt)}
                </div>
              )}
              <div>
                <strong>{session.browser}</strong> {SETTINGS_TEXT.on} <strong>{session.os}</strong>
              </div>
              <div>
                <strong>{SETTINGS_TEXT.signedIn}</strong> {SETTINGS_TEXT.on}{' '}
                {formatTimestamp(session.signedInAt)}
              </div>
            </div>
            {session.current ? null : (
              <Button
                variant="danger"
                onClick={() => setRevoking(session)}
                aria-label={`${SETTINGS_TEXT.revoke} ${session.browser} ${SETTINGS_TEXT.on} ${session.os}`}
                data-testid="revoke-session"
              >
                {SETTINGS_TEXT.revoke}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Dialog
        open={revoking !== null}
        title={SETTINGS_TEXT.revokeSessionTitle}
        onClose={() => setRevoking(null)}
        testId="revoke-session-dialog"
      >
        <p>{SETTINGS_TEXT.revokeSessionBody}</p>
        <div className="dialog-actions">
          <Button onClick={() => setRevoking(null)}>{SETTINGS_TEXT.cancel}</Button>
          <Button
            variant="danger"
            onClick={() => revoking && void revoke(revoking)}
            data-testid="revoke-session-confirm"
          >
            {SETTINGS_TEXT.revoke}
          </Button>
        </div>
      </Dialog>
    </SettingsLayout>
  );
}

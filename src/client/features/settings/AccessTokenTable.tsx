import { parseCalendarDate } from '../../../core/time/calendarDate.ts';
import { formatCalendarDate, formatTimeAgo } from '../../../core/time/formatting.ts';
import type { AccessToken } from '../../data/index.ts';
import { useNow } from '../../lib/index.ts';
import { Button } from '../../ui/index.ts';
import { SETTINGS_TEXT } from './settingsTexts.ts';

const day = (value: string | null): string => {
  const date = value ? parseCalendarDate(value.slice(0, 10)) : undefined;
  return date ? formatCalendarDate(date) : '';
};

/** The active tokens: name, scopes, created, last used, expires, and Revoke. */
export function AccessTokenTable({
  tokens,
  onRevoke,
}: {
  tokens: readonly AccessToken[];
  onRevoke: (token: AccessToken) => void;
}) {
  const now = useNow();
  return (
    <table className="settings-table" data-testid="tokens-table">
      <thead>
        <tr>
          <th scope="col">{SETTINGS_TEXT.columnName}</th>
          <th scope="col">{SETTINGS_TEXT.columnScopes}</th>
          <th scope="col">{SETTINGS_TEXT.columnCreated}</th>
          <th scope="col">{SETTINGS_TEXT.columnLastUsed}</th>
          <th scope="col">{SETTINGS_TEXT.columnExpires}</th>
          <th scope="col">
            <span className="sr-only">{SETTINGS_TEXT.columnAction}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {tokens.map((token) => (
          <tr key={token.id} data-testid="token-row">
            <th scope="row">{token.name}</th>
            <td>{token.scopes.join(', ')}</td>
            <td>{day(token.createdAt)}</td>
            <td>
              {token.lastUsedAt ? (
                <time dateTime={token.lastUsedAt}>{formatTimeAgo(token.lastUsedAt, now)}</time>
              ) : (
                SETTINGS_TEXT.never_used
              )}
            </td>
            <td>{token.expiresAt ? day(token.expiresAt) : SETTINGS_TEXT.noExpiry}</td>
            <td>
              <Button
                variant="danger"
                onClick={() => onRevoke(token)}
                aria-label={`${SETTINGS_TEXT.revoke} ${token.name}`}
                data-testid="revoke-token"
              >
                {SETTINGS_TEXT.revoke}
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

import { statusEmojiCharacter } from '../../core/domain/statusEmoji.ts';

/**
 * A person's name as GitLab shows it wherever people are listed: '(Busy)' after it when they set
 * themselves busy.
 */
export function UserName({ name, busy = false }: { name: string; busy?: boolean | undefined }) {
  return (
    <>
      {name}
      {busy ? (
        <span className="user-busy" data-testid="user-busy">
          {' (Busy)'}
        </span>
      ) : null}
    </>
  );
}

/** A status's emoji, with its message as the accessible name and tooltip (decorative without one). */
export function StatusEmoji({ emoji, message }: { emoji: string; message: string }) {
  if (!emoji) return null;
  const character = statusEmojiCharacter(emoji);
  return message ? (
    <span
      className="user-status-emoji"
      role="img"
      aria-label={message}
      title={message}
      data-testid="status-emoji-icon"
    >
      {character}
    </span>
  ) : (
    <span className="user-status-emoji" aria-hidden="true" data-testid="status-emoji-icon">
      {character}
    </span>
  );
}

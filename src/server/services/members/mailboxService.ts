import type { Executor } from '../../db/executor.ts';
import {
  insertMailboxMessage,
  listMailboxMessages,
  type MailboxMessageRow,
} from '../../db/repositories/mailboxRepository.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import type { AccessContext } from '../access.ts';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';

/** What the development mailbox keeps of a message sent while no SMTP server is configured. */
export function keepInMailbox(db: Executor, now: () => Date) {
  return (message: MailMessage): Promise<void> =>
    insertMailboxMessage(db, {
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      now: now(),
    });
}

const MAILBOX_PAGE = 50;

/**
 * The development mailbox's newest messages: administrators only, since it holds everyone's
 * invitation links.
 */
export async function readMailbox(
  db: Executor,
  access: AccessContext,
  filter: { to?: string | undefined },
): Promise<MailboxMessageRow[]> {
  const user = access.actor.user;
  if (!user) throw new UnauthorizedError();
  if (!user.is_admin) throw new ForbiddenError();
  return listMailboxMessages(db, { to: filter.to, limit: MAILBOX_PAGE });
}

import type { Selectable } from 'kysely';
import type { Executor } from '../executor.ts';
import type { MailboxMessagesTable } from '../schema.ts';

export type MailboxMessageRow = Selectable<MailboxMessagesTable>;

/** The development mailbox keeps the newest messages only: it is for looking, not for archiving. */
const MAILBOX_KEEPS = 500;

export async function insertMailboxMessage(
  db: Executor,
  message: { to: string; subject: string; text: string; html: string | null; now: Date },
): Promise<void> {
  await db
    .insertInto('mailbox_messages')
    .values({
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      created_at: message.now,
    })
    .execute();
  await db
    .deleteFrom('mailbox_messages')
    .where('id', '<=', (eb) =>
      eb
        .selectFrom('mailbox_messages')
        .select((inner) => inner.fn.max('id').as('max'))
        .$castTo<number>(),
    )
    .where('id', 'not in', (eb) =>
      eb.selectFrom('mailbox_messages').select('id').orderBy('id', 'desc').limit(MAILBOX_KEEPS),
    )
    .execute();
}

/** The newest messages first, optionally only those to one address. */
export function listMailboxMessages(
  db: Executor,
  filter: { to?: string | undefined; limit: number },
): Promise<MailboxMessageRow[]> {
  let query = db.selectFrom('mailbox_messages').selectAll();
  if (filter.to)
    query = query.where((eb) => eb(eb.fn('lower', ['to_address']), '=', filter.to?.toLowerCase()));
  return query.orderBy('id', 'desc').limit(filter.limit).execute();
}

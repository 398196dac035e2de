import { INVITATION_TEXTS } from '../../../core/domain/invitationTexts.ts';
import { formatTimestamp } from '../../../core/time/formatting.ts';
import { usePageSettled } from '../../data/index.ts';
import { EmptyState, useDocumentTitle } from '../../ui/index.ts';
import { parseMailbox } from './mailbox.ts';

/** The development mailbox: what the instance would have mailed, newest first, links clickable. */
export function MailboxPage({ messages }: { readonly messages: string }) {
  usePageSettled(true);
  useDocumentTitle(INVITATION_TEXTS.mailboxTitle);
  const list = parseMailbox(messages);
  return (
    <div className="mailbox" data-testid="mailbox-page">
      <h1 className="page-title">{INVITATION_TEXTS.mailboxTitle}</h1>
      <p className="page-subtitle">{INVITATION_TEXTS.mailboxIntro}</p>
      {list.length === 0 ? (
        <EmptyState title={INVITATION_TEXTS.mailboxEmpty} testId="mailbox-empty" />
      ) : (
        <ol className="mailbox-list">
          {list.map((message) => (
            <li key={message.id} className="mailbox-message" data-testid="mailbox-message">
              <div className="mailbox-head">
                <strong className="mailbox-subject">{message.subject}</strong>
                <span className="muted">
                  To {message.to} ·{' '}
                  <time dateTime={message.createdAt}>{formatTimestamp(message.createdAt)}</time>
                </span>
              </div>
              <p className="mailbox-body">
                {message.parts.map((part, index) =>
                  part.kind === 'link' ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
                    <a key={index} href={part.text}>
                      {part.text}
                    </a>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
                    <span key={index}>{part.text}</span>
                  ),
                )}
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

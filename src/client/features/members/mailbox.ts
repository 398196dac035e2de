import { isObject, str } from '../../data/restJson.ts';

export interface MailboxMessage {
  readonly id: number;
  readonly to: string;
  readonly subject: string;
  readonly createdAt: string;
  /** The text, with its http(s) links apart so that they show as links (never as HTML). */
  readonly parts: readonly { readonly kind: 'text' | 'link'; readonly text: string }[];
}

const LINK = /(https?:\/\/[^\s<>"]+)/g;

export function splitLinks(text: string): MailboxMessage['parts'] {
  return text
    .split(LINK)
    .filter((part) => part !== '')
    .map((part) => ({ kind: /^https?:\/\//.test(part) ? 'link' : 'text', text: part }));
}

/** The mount's messages (core/pages: MailboxMessageJson[]); what does not parse is left out. */
export function parseMailbox(text: string): MailboxMessage[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).flatMap((json) => {
    const id = typeof json.id === 'number' ? json.id : null;
    if (id === null) return [];
    return [
      {
        id,
        to: str(json.to) ?? '',
        subject: str(json.subject) ?? '',
        createdAt: str(json.created_at) ?? '',
        parts: splitLinks(str(json.text) ?? ''),
      },
    ];
  });
}

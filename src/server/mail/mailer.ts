import nodemailer from 'nodemailer';

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string | undefined;
}

/** Sends the instance's mail: through SMTP when one is configured, else into the development mailbox. */
export interface Mailer {
  /** Where mail goes: `smtp`, or `mailbox` (the `/-/mailbox` page). */
  readonly transport: 'smtp' | 'mailbox';
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  /** `smtp://user:password@host:port` or `smtps://…`; the development mailbox when undefined. */
  readonly smtpUrl: string | undefined;
  /** The sender's address (GitLab's gitlab_email_from). */
  readonly from: string;
  /** Keeps a message in the development mailbox. */
  readonly keepInMailbox: (message: MailMessage) => Promise<void>;
}

// An SMTP server that does not answer must not keep a request waiting long.
const SMTP_TIMEOUT_MS = 10_000;

export function createMailer({ smtpUrl, from, keepInMailbox }: MailerOptions): Mailer {
  if (!smtpUrl) {
    // Rendered by nodemailer all the same, so a message that could not be built fails here too.
    const render = nodemailer.createTransport({ jsonTransport: true });
    return {
      transport: 'mailbox',
      async send(message) {
        await render.sendMail({ from, ...message });
        await keepInMailbox(message);
      },
    };
  }
  const smtp = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    transport: 'smtp',
    async send(message) {
      await smtp.sendMail({ from, ...message });
    },
  };
}

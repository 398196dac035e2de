/** The invitation page's and its outcomes' texts, GitLab's words. */
export const INVITATION_TEXTS = {
  title: 'Invitation',
  invalid: 'The invitation can not be found with the provided invite token.',
  expired: 'This invitation has expired. Ask whoever invited you to send a new one.',
  accept: 'Accept invitation',
  decline: 'Decline invitation',
  signInToAccept: 'Sign in to accept',
  createAccount: 'Create an account',
  register: 'Register',
  otherEmail: (email: string, signedInEmail: string) =>
    `Note that this invitation was sent to ${email}, but you are signed in with ${signedInEmail}.`,
  accepted: (role: string, kind: string, name: string) =>
    `You have been granted ${role} access to ${kind} ${name}.`,
  declined: (kind: string, name: string) => `You have declined the invitation to join ${kind} ${name}.`,
  mailboxTitle: 'Development mailbox',
  mailboxIntro:
    'No SMTP server is configured (SMTP_URL), so the mail this instance sends is kept here instead.',
  mailboxEmpty: 'No mail has been sent yet.',
} as const;

/** The group and project members pages, the invitation page and the development mailbox. */
export { InvitationPage } from './InvitationPage.tsx';
export { MailboxPage } from './MailboxPage.tsx';
export { MembersPage } from './MembersPage.tsx';

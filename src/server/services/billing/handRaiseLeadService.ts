/**
 * GitLab's hand-raise leads: a group's member asks the sales team to get in touch about its plan. On
 * a self-managed instance the sales team is its administrators: the lead is kept, and each of them is
 * mailed it (through SMTP, or into the development mailbox).
 */
import { type HandRaiseLead, leadProblems } from '../../../core/domain/handRaiseLeads.ts';
import { escapeHtml } from '../../../core/lib/escapeHtml.ts';
import type { Executor } from '../../db/executor.ts';
import { insertHandRaiseLead } from '../../db/repositories/handRaiseLeadRepository.ts';
import { findNamespaceById } from '../../db/repositories/namespaceRepository.ts';
import { findAdministratorEmails } from '../../db/repositories/userRepository.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { AccessContext } from '../access.ts';
import { NotFoundError, UnauthorizedError, ValidationError } from '../errors.ts';
import { isCountryCode, statesOf } from './countries.ts';
import { rootGroupOf } from './gitlabSubscriptionService.ts';

/** Administrators mailed per lead, at the most. */
const MAX_RECIPIENTS = 20;

export async function submitHandRaiseLead(
  db: Executor,
  access: AccessContext,
  mail: { readonly mailer: Mailer; readonly externalUrl: string },
  namespaceId: number,
  lead: HandRaiseLead,
): Promise<void> {
  const user = access.actor.user;
  if (!user) throw new UnauthorizedError();
  const group = await findNamespaceById(db, namespaceId);
  if (!group || !(await access.canInNamespace('read_group', group))) throw new NotFoundError('Namespace');
  const problems = leadProblems(lead, {
    known: isCountryCode(lead.country),
    states: (statesOf(lead.country) ?? []).map(([, code]) => code),
  });
  if (Object.keys(problems).length > 0) throw new ValidationError(problems);
  const root = await rootGroupOf(db, group);
  await insertHandRaiseLead(db, {
    namespace_id: root.id,
    user_id: user.id,
    first_name: lead.firstName.trim(),
    last_name: lead.lastName.trim(),
    company_name: lead.companyName.trim(),
    company_size: lead.companySize,
    phone_number: lead.phoneNumber.trim(),
    country: lead.country,
    state: lead.state,
    comment: lead.comment.trim(),
    created_at: access.now(),
  });
  const lines: [string, string][] = [
    ['Group', `${root.name} (${mail.externalUrl}/groups/${root.full_path})`],
    ['From', `${lead.firstName} ${lead.lastName} (@${user.username}, ${user.email})`],
    ['Company', `${lead.companyName} (${lead.companySize} employees)`],
    ['Telephone', lead.phoneNumber],
    ['Country', lead.state ? `${lead.country}, ${lead.state}` : lead.country],
    ['Message', lead.comment || '(none)'],
  ];
  const subject = `${lead.firstName} ${lead.lastName} asks sales to get in touch about ${root.name}`;
  const text = lines.map(([label, value]) => `${label}: ${value}`).join('\n');
  const html = `<dl>${lines.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`;
  // The lead is kept whatever the mail does: a failed send loses no request.
  for (const to of await findAdministratorEmails(db, MAX_RECIPIENTS)) {
    await mail.mailer.send({ to, subject, text, html }).catch(() => undefined);
  }
}

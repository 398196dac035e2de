/**
 * GitLab's hand-raise lead: a form that asks the sales team to get in touch about a group's plan,
 * which the trial widget offers in its contact-sales variant.
 */

import { formatCount } from './plural.ts';
import { STATE_REQUIRED_COUNTRIES } from './purchase.ts';

/** GitLab's company sizes, as its form offers them. */
export const COMPANY_SIZES = ['1 - 99', '100 - 499', '500 - 1,999', '2,000 - 9,999', '10,000 +'] as const;

export interface HandRaiseLead {
  readonly firstName: string;
  readonly lastName: string;
  readonly companyName: string;
  readonly companySize: string;
  readonly phoneNumber: string;
  readonly country: string;
  readonly state: string;
  readonly comment: string;
}

/** Longest text a field holds; the comment may be longer. */
export const LEAD_FIELD_MAX = 255;
export const LEAD_COMMENT_MAX = 2_000;

const BLANK = "can't be blank";

/** What is wrong with a lead, by GitLab's field names; empty when nothing is. */
export function leadProblems(
  lead: HandRaiseLead,
  country: { readonly known: boolean; readonly states: readonly string[] },
): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const fields: [string, string][] = [
    ['first_name', lead.firstName],
    ['last_name', lead.lastName],
    ['company_name', lead.companyName],
    ['phone_number', lead.phoneNumber],
  ];
  for (const [field, value] of fields) {
    if (value.trim() === '') problems[field] = [BLANK];
    else if (value.length > LEAD_FIELD_MAX)
      problems[field] = [`is too long (maximum is ${LEAD_FIELD_MAX} characters)`];
  }
  if (lead.phoneNumber.trim() !== '' && !/^\+?[\d\s().-]{4,30}$/.test(lead.phoneNumber.trim())) {
    problems.phone_number = ['is not a telephone number'];
  }
  if (!(COMPANY_SIZES as readonly string[]).includes(lead.companySize))
    problems.company_size = ['is not a size we know'];
  if (lead.country === '') problems.country = [BLANK];
  else if (!country.known) problems.country = ['is not a country'];
  if (lead.state !== '' && !country.states.includes(lead.state))
    problems.state = ['is not a state of the country'];
  else if (lead.state === '' && STATE_REQUIRED_COUNTRIES.includes(lead.country)) problems.state = [BLANK];
  if (lead.comment.length > LEAD_COMMENT_MAX) {
    problems.comment = [`is too long (maximum is ${formatCount(LEAD_COMMENT_MAX)} characters)`];
  }
  return problems;
}

export const LEAD_TEXTS = {
  button: 'Contact sales',
  title: 'Contact our Sales team',
  intro: (group: string) =>
    `Fill out the form and a member of the sales team will get in touch about ${group}'s plan.`,
  submit: 'Submit information',
  submitting: 'Submitting…',
  thanks: 'Thank you for reaching out! Our sales team will get back to you soon.',
} as const;

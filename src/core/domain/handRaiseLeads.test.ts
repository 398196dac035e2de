import { describe, expect, it } from 'vitest';
import { type HandRaiseLead, leadProblems } from './handRaiseLeads.ts';

const LEAD: HandRaiseLead = {
  firstName: 'Olivia',
  lastName: 'Owens',
  companyName: 'Sandbox Labs',
  companySize: '100 - 499',
  phoneNumber: '+1 (555) 010-0100',
  country: 'US',
  state: 'IL',
  comment: '',
};
const US = { known: true, states: ['IL'] };

describe('a request to the sales team', () => {
  it('needs who asks, their company and a way to reach them', () => {
    expect(leadProblems(LEAD, US)).toEqual({});
    expect(leadProblems({ ...LEAD, firstName: '', companyName: ' ', phoneNumber: '' }, US)).toEqual({
      first_name: ["can't be blank"],
      company_name: ["can't be blank"],
      phone_number: ["can't be blank"],
    });
  });

  it('knows telephone numbers, company sizes, countries and their states', () => {
    expect(leadProblems({ ...LEAD, phoneNumber: 'call me' }, US)).toEqual({
      phone_number: ['is not a telephone number'],
    });
    expect(leadProblems({ ...LEAD, companySize: '7' }, US)).toEqual({
      company_size: ['is not a size we know'],
    });
    expect(leadProblems({ ...LEAD, state: '' }, US)).toEqual({ state: ["can't be blank"] });
    expect(leadProblems({ ...LEAD, country: 'DE', state: '' }, { known: true, states: ['BE'] })).toEqual({});
    expect(leadProblems({ ...LEAD, comment: 'x'.repeat(2_001) }, US)).toEqual({
      comment: ['is too long (maximum is 2,000 characters)'],
    });
  });
});

import { describe, expect, it } from 'vitest';
import { parseMembersPage } from './memberMappers.ts';

const MEMBER = {
  id: 7,
  access_level: { integer_value: 40, string_value: 'Maintainer' },
  created_at: '2023-01-21T12:00:00.000Z',
  expires_at: null,
  is_direct_member: false,
  source: { id: 1, full_name: 'Acme Corp', web_path: '/groups/acme' },
  user: { id: 8, name: 'Ada Lovelace', username: 'alovelace', web_path: '/alovelace' },
};

describe('a members page', () => {
  it('reads each member with their role, source and dates', () => {
    const page = parseMembersPage(JSON.stringify({ members: [MEMBER], total: 21, page: 2, per_page: 20 }));
    expect(page).toMatchObject({ total: 21, page: 2, perPage: 20 });
    expect(page.members).toEqual([
      {
        id: 7,
        name: 'Ada Lovelace',
        username: 'alovelace',
        userPath: '/alovelace',
        accessLevel: 40,
        role: 'Maintainer',
        memberSince: expect.stringMatching(/^2023-01-2[01]$/),
        expiresAt: null,
        direct: false,
        source: { fullName: 'Acme Corp', path: '/groups/acme' },
      },
    ]);
  });

  it('reads an expiry day and drops members without a user', () => {
    const page = parseMembersPage(
      JSON.stringify({ members: [{ ...MEMBER, expires_at: '2027-03-01' }, { id: 3 }], total: 2 }),
    );
    expect(page.members.map((member) => member.expiresAt)).toEqual(['2027-03-01']);
  });

  it('reads anything malformed as an empty first page', () => {
    expect(parseMembersPage('{').members).toEqual([]);
    expect(parseMembersPage('[]')).toEqual({ members: [], total: 0, page: 1, perPage: 20 });
  });
});

import { describe, expect, it } from 'vitest';
import { parseMembersManagement, parseMembersPage } from './memberMappers.ts';

const MEMBER = {
  id: 7,
  access_level: { integer_value: 40, string_value: 'Maintainer' },
  created_at: '2023-01-21T12:00:00.000Z',
  expires_at: null,
  is_direct_member: false,
  source: { id: 1, full_name: 'Acme Corp', web_path: '/groups/acme' },
  user: { id: 8, name: 'Ada Lovelace', username: 'alovelace', web_path: '/alovelace' },
  can_update: true,
  can_remove: false,
};

describe('a members page', () => {
  it('reads each member with their role, source and dates', () => {
    const page = parseMembersPage(JSON.stringify({ members: [MEMBER], total: 21, page: 2, per_page: 20 }));
    expect(page).toMatchObject({ total: 21, page: 2, perPage: 20 });
    expect(page.members).toEqual([
      {
        id: 7,
        userId: 8,
        name: 'Ada Lovelace',
        username: 'alovelace',
        userPath: '/alovelace',
        accessLevel: 40,
        role: 'Maintainer',
        memberSince: expect.stringMatching(/^2023-01-2[01]$/),
        expiresAt: null,
        direct: false,
        source: { fullName: 'Acme Corp', path: '/groups/acme' },
        canUpdate: true,
        canRemove: false,
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

describe("a members page's management", () => {
  it('reads what the viewer may do and the lists managers see', () => {
    const management = parseMembersManagement(
      JSON.stringify({
        can_manage: true,
        grantable_levels: [10, 20, 30, 40],
        viewer_id: 2,
        can_leave: true,
        can_request_access: false,
        access_requested: false,
        api_path: '/api/v4/groups/3',
        invitations: [
          {
            email: 'a@x.org',
            access_level: 30,
            expires_at: '2027-01-01',
            created_by_name: 'Olivia',
            created_at: 'x',
          },
          { access_level: 1 },
        ],
        invitations_total: 1,
        access_requests: [
          { user_id: 9, name: 'Otto', username: 'outsider', web_path: '/outsider', requested_at: 'x' },
        ],
        shares: [
          {
            group_id: 4,
            full_name: 'Initech',
            web_path: '/groups/initech',
            access_level: 20,
            expires_at: null,
          },
        ],
      }),
    );
    expect(management).toMatchObject({
      canManage: true,
      grantableLevels: [10, 20, 30, 40],
      viewerId: 2,
      apiPath: '/api/v4/groups/3',
    });
    expect(management.invitations.map((invitation) => invitation.email)).toEqual(['a@x.org']);
    expect(management.accessRequests[0]?.username).toBe('outsider');
    expect(management.shares[0]).toEqual({
      groupId: 4,
      fullName: 'Initech',
      path: '/groups/initech',
      accessLevel: 20,
      expiresAt: null,
    });
  });

  it('reads nothing it may do from what does not parse', () => {
    expect(parseMembersManagement('nope')).toMatchObject({
      canManage: false,
      grantableLevels: [],
      invitations: [],
    });
  });
});

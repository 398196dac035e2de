import { describe, expect, it } from 'vitest';
import {
  escapeLdapFilterValue,
  groupByCnFilter,
  groupSearchFilter,
  highestGrants,
  planLdapSync,
  type SyncedMembership,
} from './ldap.ts';

describe('escapeLdapFilterValue', () => {
  it.each([
    ['plain', 'plain'],
    ['a*b', 'a\\2ab'],
    ['(cn=x)', '\\28cn=x\\29'],
    ['back\\slash', 'back\\5cslash'],
    ['nul\0byte', 'nul\\00byte'],
    ['*)(uid=*))(|(uid=*', '\\2a\\29\\28uid=\\2a\\29\\29\\28|\\28uid=\\2a'],
    ['Zoë & Ærø', 'Zoë & Ærø'],
    ['', ''],
  ])('escapes %j as %j', (value, escaped) => {
    expect(escapeLdapFilterValue(value)).toBe(escaped);
  });
});

describe('group filters', () => {
  it('searches group names that start with the term, the term escaped', () => {
    expect(groupSearchFilter('dev*')).toBe(
      '(&(|(objectClass=groupOfNames)(objectClass=groupOfUniqueNames)(objectClass=posixGroup)(objectClass=group))(cn=dev\\2a*))',
    );
  });

  it('searches every group when the term is empty', () => {
    expect(groupSearchFilter('')).toMatch(/\(cn=\*\)\)$/);
  });

  it('finds one group by its exact cn', () => {
    expect(groupByCnFilter('a(b)')).toMatch(/\(cn=a\\28b\\29\)\)$/);
  });
});

describe('highestGrants', () => {
  it('gives each user the highest level any link grants them', () => {
    const levels = highestGrants([
      { userId: 1, accessLevel: 20 },
      { userId: 2, accessLevel: 10 },
      { userId: 1, accessLevel: 40 },
      { userId: 1, accessLevel: 30 },
    ]);
    expect([...levels]).toEqual([
      [1, 40],
      [2, 10],
    ]);
  });

  it('refuses a level that is no membership level', () => {
    expect(() => highestGrants([{ userId: 1, accessLevel: 60 }])).toThrow(/access level/);
  });
});

describe('planLdapSync', () => {
  const own = (userId: number, accessLevel: number): SyncedMembership => ({
    userId,
    accessLevel,
    ldap: null,
  });
  const synced = (userId: number, accessLevel: number, previousAccessLevel: number | null = null) => ({
    userId,
    accessLevel,
    ldap: { previousAccessLevel },
  });

  it('adds everyone granted who is not a member yet', () => {
    expect(planLdapSync(new Map([[1, 30]]), [])).toEqual({
      add: [{ userId: 1, accessLevel: 30 }],
      update: [],
      remove: [],
      restore: [],
    });
  });

  it('never lowers nor takes over a higher membership given by hand', () => {
    expect(planLdapSync(new Map([[1, 20]]), [own(1, 40)])).toEqual({
      add: [],
      update: [],
      remove: [],
      restore: [],
    });
  });

  it('raises a lower membership given by hand and remembers its level', () => {
    expect(planLdapSync(new Map([[1, 40]]), [own(1, 20)]).update).toEqual([
      { userId: 1, accessLevel: 40, previousAccessLevel: 20 },
    ]);
  });

  it('moves a membership it granted to the newly granted level, up or down', () => {
    const plan = planLdapSync(
      new Map([
        [1, 20],
        [2, 50],
      ]),
      [synced(1, 40), synced(2, 30)],
    );
    expect(plan.update).toEqual([
      { userId: 1, accessLevel: 20, previousAccessLevel: null },
      { userId: 2, accessLevel: 50, previousAccessLevel: null },
    ]);
  });

  it('lowers a raised membership no further than its own level', () => {
    expect(planLdapSync(new Map([[1, 10]]), [synced(1, 40, 20)]).update).toEqual([
      { userId: 1, accessLevel: 20, previousAccessLevel: 20 },
    ]);
  });

  it('leaves alone what is already right', () => {
    const plan = planLdapSync(new Map([[1, 30]]), [synced(1, 30), own(2, 10)]);
    expect(plan).toEqual({ add: [], update: [], remove: [], restore: [] });
  });

  it('removes what it granted and restores what it raised once no link grants them', () => {
    const plan = planLdapSync(new Map(), [synced(1, 30), synced(2, 40, 10), own(3, 20)]);
    expect(plan).toEqual({
      add: [],
      update: [],
      remove: [1],
      restore: [{ userId: 2, accessLevel: 10 }],
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  mountAttributes,
  parseCurrentUser,
  parsePageMount,
  parseSession,
  sessionMountAttributes,
} from './pageMount.ts';

describe('parseSession', () => {
  it('reads the signed-in user, sign-in path, flash and token', () => {
    const session = parseSession(
      {
        currentUser: '{"id":7,"username":"developer","name":"Dana Developer","admin":false}',
        signInPath: '/users/sign_in?redirect_to=%2Fgroups%2Facme',
        flash: 'Signed in successfully.',
      },
      'token-1',
    );
    expect(session).toEqual({
      currentUser: {
        id: 7,
        username: 'developer',
        name: 'Dana Developer',
        admin: false,
        status: null,
        firstDayOfWeek: 0,
      },
      signInPath: '/users/sign_in?redirect_to=%2Fgroups%2Facme',
      flash: 'Signed in successfully.',
      csrfToken: 'token-1',
    });
  });

  it('treats a missing or malformed user as anonymous and defaults the sign-in path', () => {
    expect(parseSession({}, null)).toEqual({
      currentUser: null,
      signInPath: '/users/sign_in',
      flash: null,
      csrfToken: null,
    });
    expect(parseCurrentUser('{not json')).toBeNull();
    expect(parseCurrentUser('{"id":1}')).toBeNull();
  });

  it("reads the user's status and first day of the week, Sunday unless one GitLab offers", () => {
    const user = parseCurrentUser(
      JSON.stringify({
        id: 3,
        username: 'dvaughan',
        name: 'Dorothy Vaughan',
        admin: false,
        status: { emoji: 'palm_tree', message: 'Away', busy: true },
        firstDayOfWeek: 1,
      }),
    );
    expect(user?.status).toEqual({ emoji: 'palm_tree', message: 'Away', busy: true });
    expect(user?.firstDayOfWeek).toBe(1);
    expect(parseCurrentUser('{"id":3,"username":"u","name":"U","firstDayOfWeek":3}')?.firstDayOfWeek).toBe(0);
  });
});

describe('parsePageMount', () => {
  it('reads a group epics page with its booleans', () => {
    expect(
      parsePageMount({
        page: 'group-epics',
        fullPath: 'acme/platform',
        groupId: '3',
        groupName: 'Platform',
        canCreateEpic: 'true',
        canReadBilling: 'false',
        trialStatus: '',
        canReadCycleAnalytics: 'true',
        roadmapPath: '/groups/acme/platform/-/roadmap',
      }),
    ).toEqual({
      page: 'group-epics',
      fullPath: 'acme/platform',
      groupId: '3',
      groupName: 'Platform',
      canCreateEpic: true,
      canReadBilling: false,
      trialStatus: '',
      canReadCycleAnalytics: true,
      canReadVulnerabilities: false,
      roadmapPath: '/groups/acme/platform/-/roadmap',
    });
  });

  it('reads what the server left out as empty or false', () => {
    expect(parsePageMount({ page: 'group', fullPath: 'acme/platform' })).toEqual({
      page: 'group',
      fullPath: 'acme/platform',
      groupId: '',
      groupName: '',
      canCreateEpic: false,
      canReadBilling: false,
      trialStatus: '',
      canReadCycleAnalytics: false,
      canReadVulnerabilities: false,
      roadmapPath: '',
      canInviteMembers: false,
      canCreateSubgroup: false,
      canCreateProject: false,
    });
  });

  it('reads a group or a project milestone page, with the owner it belongs to', () => {
    const common = { page: 'milestone', iid: '14', milestoneId: '52', milestoneTitle: 'Sprint 41' };
    expect(
      parsePageMount({ ...common, kind: 'group', fullPath: 'acme/platform', ownerName: 'Platform' }),
    ).toEqual({
      ...common,
      kind: 'group',
      fullPath: 'acme/platform',
      ownerName: 'Platform',
      canAdmin: false,
      canReadMergeRequests: false,
      canReadEnvironments: false,
      canReadVulnerabilities: false,
    });
    expect(
      parsePageMount({ ...common, kind: 'project', fullPath: 'acme/handbook', ownerName: 'Handbook' }),
    ).toMatchObject({ kind: 'project', ownerName: 'Handbook' });
    expect(parsePageMount({ ...common, kind: 'wiki', fullPath: 'acme' })).toMatchObject({ kind: 'group' });
    expect(parsePageMount({ page: 'milestone', fullPath: 'acme', iid: '1' })).toEqual({ page: 'not-found' });
  });

  it('reads what the epic sidebar needs from an epic page, false and empty when not sent', () => {
    const sent = {
      page: 'epic',
      fullPath: 'acme',
      iid: '7',
      signedIn: 'true',
      canUpdate: 'true',
      allowSubEpics: 'true',
      epicColorHighlight: 'false',
      emailsDisabled: 'true',
      startDateSourcingMilestoneTitle: 'Sprint 41',
    };
    expect(parsePageMount(sent)).toMatchObject({
      signedIn: true,
      canUpdate: true,
      allowSubEpics: true,
      epicColorHighlight: false,
      emailsDisabled: true,
      startDateSourcingMilestoneTitle: 'Sprint 41',
      dueDateSourcingMilestoneTitle: '',
    });
    expect(parsePageMount({ page: 'epic', fullPath: 'acme', iid: '7' })).toMatchObject({
      signedIn: false,
      canUpdate: false,
      allowSubEpics: false,
      emailsDisabled: false,
    });
  });

  it('reads the sign-in page', () => {
    expect(
      parsePageMount({
        page: 'sign-in',
        error: 'Invalid login or password.',
        redirectTo: '/x',
        signUpPath: '/users/sign_up',
      }),
    ).toEqual({
      page: 'sign-in',
      error: 'Invalid login or password.',
      login: '',
      redirectTo: '/x',
      signUpPath: '/users/sign_up',
    });
  });

  it('reads the Admin Area’s Geo sites page: which site this server is, and whether it is a secondary', () => {
    const mount = {
      page: 'admin-geo-sites',
      siteName: 'http://127.0.0.1:3110',
      siteUrl: 'http://127.0.0.1:3110/',
      secondary: false,
    } as const;
    expect(parsePageMount(datasetOf(mountAttributes(mount)))).toEqual(mount);
    expect(mountAttributes({ ...mount, secondary: true })).toContainEqual(['data-secondary', 'true']);
    expect(parsePageMount({ page: 'admin-geo-sites' })).toEqual({
      page: 'admin-geo-sites',
      siteName: '',
      siteUrl: '',
      secondary: false,
    });
  });

  it('falls back to the not-found page for unknown pages or missing required attributes', () => {
    expect(parsePageMount({ page: 'wiki' })).toEqual({ page: 'not-found' });
    expect(parsePageMount({})).toEqual({ page: 'not-found' });
    expect(parsePageMount({ page: 'epic', fullPath: 'acme' })).toEqual({ page: 'not-found' });
  });
});

describe('the mount attributes', () => {
  it('are what the parser reads back, for every kind of field', () => {
    const attributes = mountAttributes({
      page: 'milestone',
      kind: 'project',
      fullPath: 'acme/handbook',
      ownerName: 'Hand "book" <&>',
      iid: 14,
      milestoneId: 52,
      milestoneTitle: 'Sprint 41',
      canAdmin: true,
      canReadMergeRequests: true,
      canReadEnvironments: false,
      canReadVulnerabilities: true,
    });
    expect(attributes).toContainEqual(['data-full-path', 'acme/handbook']);
    expect(attributes).toContainEqual(['data-milestone-id', '52']);
    expect(parsePageMount(datasetOf(attributes))).toEqual({
      page: 'milestone',
      kind: 'project',
      fullPath: 'acme/handbook',
      ownerName: 'Hand "book" <&>',
      iid: '14',
      milestoneId: '52',
      milestoneTitle: 'Sprint 41',
      canAdmin: true,
      canReadMergeRequests: true,
      canReadEnvironments: false,
      canReadVulnerabilities: true,
    });
  });

  it('write booleans as true and false, and leave out what is null or absent', () => {
    const attributes = mountAttributes({
      page: 'group',
      fullPath: 'acme',
      groupId: 1,
      groupName: null,
      canCreateEpic: false,
      canReadBilling: false,
      trialStatus: '',
      canReadCycleAnalytics: false,
      canReadVulnerabilities: false,
      canInviteMembers: true,
      canCreateSubgroup: true,
      canCreateProject: false,
      roadmapPath: '/groups/acme/-/roadmap',
    });
    expect(attributes).toContainEqual(['data-can-create-epic', 'false']);
    expect(attributes.map(([name]) => name)).not.toContain('data-group-name');
  });

  it('carry the session, which parses back', () => {
    const user = {
      id: 7,
      username: 'dana',
      name: 'Dana',
      admin: false,
      status: { emoji: 'coffee', message: 'Brewing', busy: false },
      firstDayOfWeek: 6,
    };
    const dataset = datasetOf(
      sessionMountAttributes({ currentUser: user, signInPath: '/users/sign_in', flash: null }),
    );
    expect(parseSession(dataset, 't')).toEqual({
      currentUser: user,
      signInPath: '/users/sign_in',
      flash: null,
      csrfToken: 't',
    });
  });
});

/** The dataset a browser builds from `data-*` attributes. */
function datasetOf(attributes: readonly [string, string][]): Record<string, string> {
  return Object.fromEntries(
    attributes.map(([name, value]) => [
      name.slice('data-'.length).replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase()),
      value,
    ]),
  );
}

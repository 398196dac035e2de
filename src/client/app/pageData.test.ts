import { describe, expect, it } from 'vitest';
import { parseCurrentUser, parsePageData, parseSession } from './pageData.ts';

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
      currentUser: { id: 7, username: 'developer', name: 'Dana Developer', admin: false },
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
});

describe('parsePageData', () => {
  it('reads a group epics page with its booleans', () => {
    expect(
      parsePageData({
        page: 'group-epics',
        fullPath: 'acme/platform',
        groupId: '3',
        groupName: 'Platform',
        canCreateEpic: 'true',
        roadmapPath: '/groups/acme/platform/-/roadmap',
      }),
    ).toEqual({
      page: 'group-epics',
      fullPath: 'acme/platform',
      groupId: '3',
      groupName: 'Platform',
      canCreateEpic: true,
      roadmapPath: '/groups/acme/platform/-/roadmap',
    });
  });

  it('defaults what the server left out', () => {
    expect(parsePageData({ page: 'group', fullPath: 'acme/platform' })).toMatchObject({
      groupName: 'platform',
      canCreateEpic: false,
      roadmapPath: '/groups/acme/platform/-/roadmap',
    });
    expect(parsePageData({ page: 'project-issues', fullPath: 'acme/web/app' })).toMatchObject({
      projectName: 'app',
      groupFullPath: 'acme/web',
    });
  });

  it('normalises the roadmap state and sort', () => {
    expect(
      parsePageData({
        page: 'group-roadmap',
        fullPath: 'acme',
        epicsState: 'opened',
        sortedBy: 'END_DATE_ASC',
      }),
    ).toMatchObject({ epicsState: 'opened', sortedBy: 'end_date_asc', groupName: 'acme' });
    expect(parsePageData({ page: 'group-roadmap', fullPath: 'acme', epicsState: 'x' })).toMatchObject({
      epicsState: 'all',
      sortedBy: 'start_date_asc',
    });
  });

  it('reads a group or a project milestone page, with the owner it belongs to', () => {
    const common = { page: 'milestone', iid: '14', milestoneId: '52', milestoneTitle: 'Sprint 41' };
    expect(
      parsePageData({ ...common, kind: 'group', fullPath: 'acme/platform', groupName: 'Platform' }),
    ).toEqual({ ...common, kind: 'group', fullPath: 'acme/platform', ownerName: 'Platform' });
    expect(
      parsePageData({ ...common, kind: 'project', fullPath: 'acme/handbook', projectName: 'Handbook' }),
    ).toMatchObject({ kind: 'project', ownerName: 'Handbook' });
    expect(parsePageData({ ...common, fullPath: 'acme' })).toMatchObject({
      kind: 'group',
      ownerName: 'acme',
    });
    expect(parsePageData({ page: 'milestone', fullPath: 'acme', iid: '1' })).toEqual({ page: 'not-found' });
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
    expect(parsePageData(sent)).toMatchObject({
      signedIn: true,
      canUpdate: true,
      allowSubEpics: true,
      epicColorHighlight: false,
      emailsDisabled: true,
      startDateSourcingMilestoneTitle: 'Sprint 41',
      dueDateSourcingMilestoneTitle: '',
    });
    expect(parsePageData({ page: 'epic', fullPath: 'acme', iid: '7' })).toMatchObject({
      signedIn: false,
      canUpdate: false,
      allowSubEpics: false,
      emailsDisabled: false,
    });
  });

  it('reads the sign-in page', () => {
    expect(parsePageData({ page: 'sign-in', error: 'Invalid login or password.', redirectTo: '/x' })).toEqual(
      {
        page: 'sign-in',
        error: 'Invalid login or password.',
        login: '',
        redirectTo: '/x',
      },
    );
  });

  it('falls back to the not-found page for unknown pages or missing required attributes', () => {
    expect(parsePageData({ page: 'wiki' })).toEqual({ page: 'not-found' });
    expect(parsePageData({})).toEqual({ page: 'not-found' });
    expect(parsePageData({ page: 'epic', fullPath: 'acme' })).toEqual({ page: 'not-found' });
  });
});

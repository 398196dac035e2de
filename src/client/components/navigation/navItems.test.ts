import { describe, expect, it } from 'vitest';
import {
  adminNavContext,
  adminNavItems,
  groupNavItems,
  navItemsOf,
  navTitleOf,
  projectNavItems,
} from './navItems.ts';

describe('the left navigation', () => {
  it('leads a group to its overview, epics, roadmap, issues, merge requests, milestones, labels and members', () => {
    expect(groupNavItems('acme/platform').map((item) => [item.label, item.href])).toEqual([
      ['Overview', '/groups/acme/platform'],
      ['Epics', '/groups/acme/platform/-/epics'],
      ['Roadmap', '/groups/acme/platform/-/roadmap'],
      ['Issues', '/groups/acme/platform/-/issues'],
      ['Merge requests', '/groups/acme/platform/-/merge_requests'],
      ['Milestones', '/groups/acme/platform/-/milestones'],
      ['Labels', '/groups/acme/platform/-/labels'],
      ['Members', '/groups/acme/platform/-/group_members'],
    ]);
    expect(groupNavItems('acme', true).at(-1)).toMatchObject({
      label: 'Billing',
      href: '/groups/acme/-/billings',
    });
  });

  it('shows Value stream analytics after Members, before Billing, only to those who may read them', () => {
    expect(groupNavItems('acme/platform').map((item) => item.id)).not.toContain('value_stream_analytics');
    expect(groupNavItems('acme', true, true).slice(-3)).toEqual([
      expect.objectContaining({ id: 'members' }),
      {
        id: 'value_stream_analytics',
        label: 'Value stream analytics',
        href: '/groups/acme/-/analytics/value_stream_analytics',
        icon: 'chart',
      },
      expect.objectContaining({ id: 'billing' }),
    ]);
    const context = { kind: 'group', fullPath: 'acme', name: '', current: 'overview' } as const;
    expect(navItemsOf({ ...context, canReadCycleAnalytics: true }).map((item) => item.id)).toContain(
      'value_stream_analytics',
    );
  });

  it('leads a project to its overview, issues, merge requests, environments, milestones, labels and members', () => {
    expect(projectNavItems('acme/web app').map((item) => [item.label, item.href])).toEqual([
      ['Overview', '/acme/web%20app'],
      ['Issues', '/acme/web%20app/-/issues'],
      ['Merge requests', '/acme/web%20app/-/merge_requests'],
      ['Environments', '/acme/web%20app/-/environments'],
      ['Milestones', '/acme/web%20app/-/milestones'],
      ['Labels', '/acme/web%20app/-/labels'],
      ['Members', '/acme/web%20app/-/project_members'],
    ]);
  });

  it('adds Settings (its Monitor page) for the project’s maintainers', () => {
    expect(projectNavItems('acme/api', { canAdminProject: true }).at(-1)).toEqual({
      id: 'settings',
      label: 'Settings',
      href: '/acme/api/-/settings/operations',
      icon: 'settings',
    });
    const context = { kind: 'project', fullPath: 'acme/api', name: '', current: 'settings' } as const;
    expect(navItemsOf({ ...context, canAdminProject: true }).map((item) => item.id)).toContain('settings');
    expect(navItemsOf(context).map((item) => item.id)).not.toContain('settings');
  });

  it('picks the items by kind and names the context by its path when the name is unknown', () => {
    const context = { kind: 'project', fullPath: 'acme/api', name: '', current: 'issues' } as const;
    expect(navItemsOf(context).map((item) => item.id)).toEqual([
      'overview',
      'issues',
      'merge_requests',
      'environments',
      'milestones',
      'labels',
      'members',
    ]);
    expect(navTitleOf(context)).toBe('api');
    expect(navTitleOf({ ...context, name: 'API' })).toBe('API');
  });

  it('shows Merge requests after Issues, with its icon, but not to those who may not read them', () => {
    expect(groupNavItems('acme').find((item) => item.id === 'merge_requests')).toEqual({
      id: 'merge_requests',
      label: 'Merge requests',
      href: '/groups/acme/-/merge_requests',
      icon: 'mergeRequest',
    });
    const context = { kind: 'project', fullPath: 'acme/vault', name: '', current: 'issues' } as const;
    const ids = (rights: { canReadMergeRequests?: boolean }) =>
      navItemsOf({ ...context, ...rights }).map((item) => item.id);
    expect(ids({ canReadMergeRequests: true }).slice(1, 3)).toEqual(['issues', 'merge_requests']);
    expect(ids({ canReadMergeRequests: false })).not.toContain('merge_requests');
    // Pages that do not know (a milestone's) show it: the list itself answers 404 to those who may not.
    expect(ids({})).toContain('merge_requests');
  });

  it('shows Environments after Merge requests, with its icon, but not to those who may not read them', () => {
    expect(projectNavItems('acme/api').find((item) => item.id === 'environments')).toEqual({
      id: 'environments',
      label: 'Environments',
      href: '/acme/api/-/environments',
      icon: 'environment',
    });
    const context = { kind: 'project', fullPath: 'acme/vault', name: '', current: 'issues' } as const;
    const ids = (rights: { canReadMergeRequests?: boolean; canReadEnvironments?: boolean }) =>
      navItemsOf({ ...context, ...rights }).map((item) => item.id);
    expect(ids({ canReadEnvironments: true }).slice(2, 4)).toEqual(['merge_requests', 'environments']);
    expect(ids({ canReadEnvironments: false })).not.toContain('environments');
    // Without Merge requests, Environments follows Issues.
    expect(ids({ canReadMergeRequests: false, canReadEnvironments: true }).slice(1, 3)).toEqual([
      'issues',
      'environments',
    ]);
    expect(ids({})).toContain('environments');
    // A group's navigation has no Environments.
    expect(groupNavItems('acme').map((item) => item.id)).not.toContain('environments');
  });

  it('shows the Vulnerability report after Merge requests, before Environments, only to those who may read it', () => {
    expect(
      projectNavItems('acme/api', { canReadVulnerabilities: true }).find(
        (item) => item.id === 'vulnerability_report',
      ),
    ).toEqual({
      id: 'vulnerability_report',
      label: 'Vulnerability report',
      href: '/acme/api/-/security/vulnerability_report',
      icon: 'shield',
    });
    const context = { kind: 'project', fullPath: 'acme/api', name: '', current: 'issues' } as const;
    const ids = (rights: { canReadMergeRequests?: boolean; canReadVulnerabilities?: boolean }) =>
      navItemsOf({ ...context, ...rights }).map((item) => item.id);
    expect(ids({ canReadVulnerabilities: true }).slice(2, 5)).toEqual([
      'merge_requests',
      'vulnerability_report',
      'environments',
    ]);
    expect(ids({ canReadMergeRequests: false, canReadVulnerabilities: true }).slice(1, 3)).toEqual([
      'issues',
      'vulnerability_report',
    ]);
    // Unlike Environments, an unknown right hides it: most readers of a project may not read it.
    expect(ids({})).not.toContain('vulnerability_report');
    expect(ids({ canReadVulnerabilities: false })).not.toContain('vulnerability_report');
  });

  it('shows a group’s Vulnerability report after Members, before Value stream analytics', () => {
    expect(groupNavItems('acme/platform').map((item) => item.id)).not.toContain('vulnerability_report');
    expect(groupNavItems('acme', false, true, true).slice(-3)).toEqual([
      expect.objectContaining({ id: 'members' }),
      {
        id: 'vulnerability_report',
        label: 'Vulnerability report',
        href: '/groups/acme/-/security/vulnerabilities',
        icon: 'shield',
      },
      expect.objectContaining({ id: 'value_stream_analytics' }),
    ]);
    const context = { kind: 'group', fullPath: 'acme', name: '', current: 'overview' } as const;
    expect(navItemsOf({ ...context, canReadVulnerabilities: true }).map((item) => item.id)).toContain(
      'vulnerability_report',
    );
  });
});

describe('the Admin Area’s navigation', () => {
  it('leads to its settings and its Geo sites, titled Admin Area', () => {
    expect(adminNavItems().map((item) => [item.label, item.href])).toEqual([
      ['Settings', '/admin/application_settings'],
      ['Geo sites', '/admin/geo/sites'],
    ]);
    const context = adminNavContext('geo_sites');
    expect(navItemsOf(context)).toEqual(adminNavItems());
    expect(navTitleOf(context)).toBe('Admin Area');
  });
});

import { describe, expect, it } from 'vitest';
import { groupNavItems, navItemsOf, navTitleOf, projectNavItems } from './navItems.ts';

describe('the left navigation', () => {
  it('leads a group to its overview, epics, roadmap, issues, milestones, labels and members', () => {
    expect(groupNavItems('acme/platform').map((item) => [item.label, item.href])).toEqual([
      ['Overview', '/groups/acme/platform'],
      ['Epics', '/groups/acme/platform/-/epics'],
      ['Roadmap', '/groups/acme/platform/-/roadmap'],
      ['Issues', '/groups/acme/platform/-/issues'],
      ['Milestones', '/groups/acme/platform/-/milestones'],
      ['Labels', '/groups/acme/platform/-/labels'],
      ['Members', '/groups/acme/platform/-/group_members'],
    ]);
    expect(groupNavItems('acme', true).at(-1)).toMatchObject({
      label: 'Billing',
      href: '/groups/acme/-/billings',
    });
  });

  it('leads a project to its overview, issues, milestones, labels and members', () => {
    expect(projectNavItems('acme/web app').map((item) => [item.label, item.href])).toEqual([
      ['Overview', '/acme/web%20app'],
      ['Issues', '/acme/web%20app/-/issues'],
      ['Milestones', '/acme/web%20app/-/milestones'],
      ['Labels', '/acme/web%20app/-/labels'],
      ['Members', '/acme/web%20app/-/project_members'],
    ]);
  });

  it('adds Settings (its Monitor page) for the project’s maintainers', () => {
    expect(projectNavItems('acme/api', true).at(-1)).toEqual({
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
      'milestones',
      'labels',
      'members',
    ]);
    expect(navTitleOf(context)).toBe('api');
    expect(navTitleOf({ ...context, name: 'API' })).toBe('API');
  });
});

import { describe, expect, it } from 'vitest';
import { parsePageMount } from '../../core/pages/pageMount.ts';
import { pageNavOf } from './pageNav.ts';

describe('the navigation a page shows', () => {
  it('marks the group item a group page belongs under', () => {
    const epic = parsePageMount({ page: 'epic', fullPath: 'acme/platform', groupName: 'Platform', iid: '3' });
    expect(pageNavOf(epic)).toEqual({
      kind: 'group',
      fullPath: 'acme/platform',
      name: 'Platform',
      current: 'epics',
      canReadBilling: false,
      canReadCycleAnalytics: false,
      canReadVulnerabilities: false,
      trial: null,
    });
    const members = parsePageMount({ page: 'group-members', fullPath: 'acme', groupName: 'Acme' });
    expect(pageNavOf(members)?.current).toBe('members');
    // A top-level group's owners find its Billing.
    const billing = parsePageMount({ page: 'group-billing', fullPath: 'acme', canReadBilling: 'true' });
    expect(pageNavOf(billing)).toMatchObject({ current: 'billing', canReadBilling: true });
    // Value stream analytics, and its upsell, belong under their own item.
    const analytics = parsePageMount({
      page: 'group-value-stream-analytics',
      fullPath: 'acme',
      canReadCycleAnalytics: 'true',
    });
    expect(pageNavOf(analytics)).toMatchObject({
      current: 'value_stream_analytics',
      canReadCycleAnalytics: true,
    });
    const upsell = parsePageMount({
      page: 'feature-upsell',
      fullPath: 'acme',
      feature: 'value_stream_analytics',
    });
    expect(pageNavOf(upsell)?.current).toBe('value_stream_analytics');
  });

  it('gives project pages the project’s navigation, an issue under Issues', () => {
    const issue = parsePageMount({ page: 'issue', fullPath: 'acme/api', projectName: 'API', iid: '1' });
    expect(pageNavOf(issue)).toEqual({
      kind: 'project',
      fullPath: 'acme/api',
      name: 'API',
      current: 'issues',
      canAdminProject: false,
      canReadMergeRequests: false,
      canReadEnvironments: false,
      canReadVulnerabilities: false,
    });
  });

  it('puts the environments list and an environment under Environments, shown as far as the server allows', () => {
    const list = parsePageMount({
      page: 'project-environments',
      fullPath: 'acme/api',
      projectName: 'API',
      canReadEnvironments: 'true',
    });
    expect(pageNavOf(list)).toMatchObject({
      kind: 'project',
      current: 'environments',
      canReadEnvironments: true,
    });
    const environment = parsePageMount({ page: 'environment', fullPath: 'acme/api', environmentId: '4' });
    expect(pageNavOf(environment)).toMatchObject({ kind: 'project', current: 'environments' });
    // An environment's page without its id is the not-found page.
    expect(parsePageMount({ page: 'environment', fullPath: 'acme/api' }).page).toBe('not-found');
  });

  it('puts the merge requests lists under Merge requests, shown as far as the server allows', () => {
    const project = parsePageMount({
      page: 'project-merge-requests',
      fullPath: 'acme/api',
      projectName: 'API',
      canReadMergeRequests: 'true',
    });
    expect(pageNavOf(project)).toMatchObject({
      kind: 'project',
      current: 'merge_requests',
      canReadMergeRequests: true,
    });
    const group = parsePageMount({ page: 'group-merge-requests', fullPath: 'acme', groupName: 'Acme' });
    expect(pageNavOf(group)).toMatchObject({ kind: 'group', current: 'merge_requests' });
  });

  it('puts Settings → Monitor under Settings, shown to the maintainers the server names', () => {
    const settings = parsePageMount({
      page: 'project-settings-monitor',
      fullPath: 'acme/api',
      projectName: 'API',
      canAdminProject: 'true',
    });
    expect(pageNavOf(settings)).toMatchObject({ current: 'settings', canAdminProject: true });
  });

  it('follows a milestone to its owner', () => {
    const base = { page: 'milestone', fullPath: 'acme/api', ownerName: 'API', iid: '1', milestoneId: '9' };
    expect(pageNavOf(parsePageMount({ ...base, kind: 'project' }))?.kind).toBe('project');
    expect(pageNavOf(parsePageMount({ ...base, kind: 'group' }))).toMatchObject({
      kind: 'group',
      current: 'milestones',
    });
  });

  it('shows none outside groups and projects', () => {
    for (const page of [
      'home',
      'dashboard-todos',
      'dashboard-issues',
      'dashboard-merge-requests',
      'not-found',
    ])
      expect(pageNavOf(parsePageMount({ page }))).toBeNull();
    expect(pageNavOf(parsePageMount({ page: 'user', username: 'owner' }))).toBeNull();
  });
});

describe('the Admin Area’s navigation', () => {
  it('puts the settings and the Geo sites under the Admin Area, each marked as the current item', () => {
    expect(pageNavOf(parsePageMount({ page: 'admin-settings', settings: '{}' }))).toEqual({
      kind: 'admin',
      fullPath: '',
      name: 'Admin Area',
      current: 'admin_settings',
    });
    expect(pageNavOf(parsePageMount({ page: 'admin-geo-sites' }))).toMatchObject({
      kind: 'admin',
      current: 'geo_sites',
    });
  });
});

describe('the vulnerability pages’ navigation', () => {
  it('puts a project’s report and its vulnerabilities under Vulnerability report, shown as far as the server allows', () => {
    const report = parsePageMount({
      page: 'project-vulnerability-report',
      fullPath: 'acme/api',
      projectName: 'API',
      canReadVulnerabilities: 'true',
      canAdminVulnerability: 'true',
    });
    expect(report).toMatchObject({ canAdminVulnerability: true });
    expect(pageNavOf(report)).toMatchObject({
      kind: 'project',
      current: 'vulnerability_report',
      canReadVulnerabilities: true,
    });
    const vulnerability = parsePageMount({
      page: 'vulnerability',
      fullPath: 'acme/api',
      vulnerabilityId: '7',
    });
    expect(vulnerability).toMatchObject({ vulnerabilityId: '7', canAdminVulnerability: false });
    expect(pageNavOf(vulnerability)).toMatchObject({ kind: 'project', current: 'vulnerability_report' });
    // A vulnerability's page without its number is the not-found page.
    expect(parsePageMount({ page: 'vulnerability', fullPath: 'acme/api' }).page).toBe('not-found');
  });

  it('puts a group’s report, and its upsell, under the group’s Vulnerability report', () => {
    const report = parsePageMount({
      page: 'group-vulnerability-report',
      fullPath: 'acme',
      canReadVulnerabilities: 'true',
    });
    expect(pageNavOf(report)).toMatchObject({
      kind: 'group',
      current: 'vulnerability_report',
      canReadVulnerabilities: true,
    });
    const upsell = parsePageMount({
      page: 'feature-upsell',
      fullPath: 'sandbox',
      feature: 'vulnerability_report',
    });
    expect(pageNavOf(upsell)?.current).toBe('vulnerability_report');
  });
});

import { describe, expect, it } from 'vitest';
import { groupCrumbs, projectCrumbs } from './crumbs.ts';

describe('groupCrumbs', () => {
  it('links every ancestor of a nested group, using names from the full name', () => {
    expect(groupCrumbs('acme/platform/backend', 'Acme / Platform / Backend team')).toEqual([
      { label: 'Acme', href: '/groups/acme' },
      { label: 'Platform', href: '/groups/acme/platform' },
      { label: 'Backend team', href: '/groups/acme/platform/backend' },
    ]);
  });

  it('falls back to path segments when the full name does not line up', () => {
    expect(groupCrumbs('acme/web', 'Acme')).toEqual([
      { label: 'acme', href: '/groups/acme' },
      { label: 'web', href: '/groups/acme/web' },
    ]);
    expect(groupCrumbs('acme')).toEqual([{ label: 'acme', href: '/groups/acme' }]);
  });

  it('names the last group by its known name when the full name is unknown', () => {
    expect(groupCrumbs('acme/web', null, 'Web team')).toEqual([
      { label: 'acme', href: '/groups/acme' },
      { label: 'Web team', href: '/groups/acme/web' },
    ]);
  });
});

describe('projectCrumbs', () => {
  it('ends with the project after its groups', () => {
    expect(projectCrumbs('acme/web/app', 'App', 'Acme / Web / App')).toEqual([
      { label: 'Acme', href: '/groups/acme' },
      { label: 'Web', href: '/groups/acme/web' },
      { label: 'App', href: '/acme/web/app' },
    ]);
  });

  it('falls back to path segments and the given name without a matching full name', () => {
    expect(projectCrumbs('acme/app', 'App', null)).toEqual([
      { label: 'acme', href: '/groups/acme' },
      { label: 'App', href: '/acme/app' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { toGroupOverview } from './groupMappers.ts';

describe('toGroupOverview', () => {
  const subgroup = (fullPath: string, parent: string | null) => ({
    id: fullPath,
    name: fullPath.split('/').pop()!,
    fullName: fullPath,
    fullPath,
    description: '',
    visibility: 'public',
    parent: parent ? { id: parent, fullPath: parent } : null,
  });

  it('keeps only the direct children of the group', () => {
    const overview = toGroupOverview({
      id: 'gid://gitlab/Group/1',
      name: 'Acme',
      fullName: 'Acme',
      fullPath: 'acme',
      description: '',
      visibility: 'internal',
      descendantGroups: {
        count: 3,
        nodes: [subgroup('acme/a', 'acme'), subgroup('acme/a/deep', 'acme/a'), subgroup('acme/b', 'acme')],
      },
      projects: { count: 0, nodes: [] },
    });
    expect(overview.subgroups.map((group) => group.fullPath)).toEqual(['acme/a', 'acme/b']);
    expect(overview.description).toBeNull();
    expect(overview.visibility).toBe('internal');
  });
});

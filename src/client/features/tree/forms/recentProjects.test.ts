import { describe, expect, it } from 'vitest';
import type { ProjectOption } from '../../../data/index.ts';
import {
  parseRecentProjects,
  RECENT_PROJECTS_MAX,
  readRecentProjects,
  recentProjectsIn,
  recentProjectsKey,
  recordRecentProject,
  writeRecentProjects,
} from './recentProjects.ts';

const project = (id: number, fullPath: string): ProjectOption => ({
  id,
  name: fullPath.split('/').at(-1) ?? '',
  nameWithNamespace: fullPath.split('/').join(' / '),
  fullPath,
  namespaceFullPath: fullPath.split('/').slice(0, -1).join('/'),
  webUrl: `http://localhost/${fullPath}`,
  avatarUrl: null,
});

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe('recordRecentProject', () => {
  const HOUR = 60 * 60 * 1000;

  it('counts a project’s uses once an hour, by the shared frequent-items rules', () => {
    let recent = recordRecentProject([], project(1, 'acme/web'), 1000);
    recent = recordRecentProject(recent, project(2, 'acme/api'), 2000);
    recent = recordRecentProject(recent, project(1, 'acme/web'), 3000);
    recent = recordRecentProject(recent, project(1, 'acme/web'), 2 * HOUR);
    expect(recent.map((entry) => [entry.fullPath, entry.frequency, entry.lastAccessedOn])).toEqual([
      ['acme/web', 2, 2 * HOUR],
      ['acme/api', 1, 2000],
    ]);
  });

  it('keeps at most 20, dropping the least used and least recent', () => {
    let recent = recordRecentProject([], project(0, 'acme/p0'), 0);
    for (let id = 1; id <= 25; id++) recent = recordRecentProject(recent, project(id, `acme/p${id}`), id);
    expect(recent).toHaveLength(RECENT_PROJECTS_MAX);
    expect(recent.map((entry) => entry.fullPath)).toContain('acme/p25');
    expect(recent.map((entry) => entry.fullPath)).not.toContain('acme/p5');
  });

  it('keeps the projects the home page counted visits of, and their counts', () => {
    const visited = [{ fullPath: 'acme/docs', name: 'Docs', frequency: 4, lastAccessedOn: 500 }];
    const recent = recordRecentProject(visited, project(1, 'acme/web'), 1000);
    expect(recent.map((entry) => [entry.fullPath, entry.frequency])).toEqual([
      ['acme/docs', 4],
      ['acme/web', 1],
    ]);
  });
});

describe('recentProjectsIn', () => {
  it("shows only projects inside the parent epic's group and its subgroups, at most five", () => {
    let recent = recordRecentProject([], project(1, 'other/web'), 1);
    recent = recordRecentProject(recent, project(2, 'acme-labs/web'), 2);
    for (let id = 3; id <= 9; id++) recent = recordRecentProject(recent, project(id, `acme/sub/p${id}`), id);
    const shown = recentProjectsIn(recent, 'acme');
    expect(shown.map((entry) => entry.id)).toEqual([9, 8, 7, 6, 5]);
  });
});

describe('storage', () => {
  it("keeps a list per user under GitLab's frequent-projects key", () => {
    const storage = memoryStorage();
    writeRecentProjects(storage, 'dana', recordRecentProject([], project(1, 'acme/web'), 5));
    expect([...storage.values.keys()]).toEqual(['dana/frequent-projects']);
    expect(recentProjectsKey('sam')).toBe('sam/frequent-projects');
    expect(readRecentProjects(storage, 'dana').map((entry) => entry.fullPath)).toEqual(['acme/web']);
    expect(readRecentProjects(storage, 'sam')).toEqual([]);
    expect(readRecentProjects(null, 'dana')).toEqual([]);
  });

  it('reads GitLab-shaped entries without a full path from their web URL and drops broken ones', () => {
    const raw = JSON.stringify([
      {
        id: 4,
        name: 'Web',
        namespace: 'Acme / Web',
        webUrl: 'https://gitlab.example/acme/web',
        frequency: 3,
        lastAccessedOn: 7,
      },
      { name: 'no id' },
      'text',
    ]);
    expect(parseRecentProjects(raw)).toEqual([
      {
        id: 4,
        name: 'Web',
        namespace: 'Acme / Web',
        webUrl: 'https://gitlab.example/acme/web',
        avatarUrl: null,
        fullPath: 'acme/web',
        frequency: 3,
        lastAccessedOn: 7,
      },
    ]);
    expect(parseRecentProjects('{not json')).toEqual([]);
    expect(parseRecentProjects('{"id":1}')).toEqual([]);
  });

  it('survives a storage that refuses to write', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    expect(() => writeRecentProjects(refusing, 'dana', [])).not.toThrow();
  });
});

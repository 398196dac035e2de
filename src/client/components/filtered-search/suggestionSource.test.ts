import { describe, expect, it } from 'vitest';
import { fetchValueSuggestions, type SuggestionFetchers } from './suggestionSource.ts';

const scope = { fullPath: 'acme/platform', groupId: 7, epicsState: 'opened' as const };
const requests: unknown[] = [];
const fetchers: SuggestionFetchers = {
  users: async (request) => {
    requests.push(request);
    return [{ id: 1, username: 'ada', name: 'Ada Lovelace', avatarUrl: null }];
  },
  labels: async () => [
    { id: 2, title: 'Priority High', color: '#ff0000', textColor: '#fff', description: null },
  ],
  milestones: async () => [
    { id: 3, title: 'Release 1' },
    { id: 5, title: 'Release 1' },
  ],
  emoji: async () => [{ name: 'thumbsup' }],
  epics: async (request) => {
    requests.push(request);
    return [
      { id: 'gid://gitlab/Epic/1', iid: '4', title: 'Here', groupFullPath: 'acme/platform' },
      { id: 'gid://gitlab/Epic/2', iid: '9', title: 'Above', groupFullPath: 'acme' },
    ];
  },
};
const signal = new AbortController().signal;

describe('value suggestions', () => {
  it('offer users by username, named, with the group that ranks them', async () => {
    expect(await fetchValueSuggestions(fetchers, scope, 'author', 'ad', signal)).toEqual([
      { value: 'ada', title: 'Ada Lovelace', detail: '@ada', color: null },
    ]);
    expect(requests.at(-1)).toEqual({ search: 'ad', groupId: 7 });
  });

  it('offer labels with their colour, milestones and emoji by title', async () => {
    expect(await fetchValueSuggestions(fetchers, scope, 'label', '', signal)).toEqual([
      { value: 'Priority High', title: 'Priority High', detail: null, color: '#ff0000' },
    ]);
    expect((await fetchValueSuggestions(fetchers, scope, 'milestone', '', signal))[0]?.value).toBe(
      'Release 1',
    );
    expect((await fetchValueSuggestions(fetchers, scope, 'my-reaction', '', signal))[0]?.value).toBe(
      'thumbsup',
    );
  });

  it('offer a milestone title once when several projects have it', async () => {
    const milestones = await fetchValueSuggestions(fetchers, scope, 'milestone', '', signal);
    expect(milestones.map((milestone) => milestone.value)).toEqual(['Release 1']);
  });

  it("offer epics as GitLab's group::&iid values, referenced in full when from another group", async () => {
    const epics = await fetchValueSuggestions(fetchers, scope, 'epic', 'x', signal);
    expect(epics.map((epic) => [epic.value, epic.detail])).toEqual([
      ['acme/platform::&4', '&4'],
      ['acme::&9', 'acme&9'],
    ]);
    expect(requests.at(-1)).toEqual({ fullPath: 'acme/platform', search: 'x', state: 'opened' });
  });

  it('fetch nothing for Confidential', async () => {
    expect(await fetchValueSuggestions(fetchers, scope, 'confidential', '', signal)).toEqual([]);
  });
});

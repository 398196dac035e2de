import { describe, expect, it } from 'vitest';
import type { LabelView } from '../../data/index.ts';
import {
  hasLabelChanges,
  labelChanges,
  labelFilterHref,
  labelFromSuggestion,
  pickerOptions,
  sortByTitle,
  toggleLabel,
} from './labelSelection.ts';

const label = (id: number, title: string): LabelView => ({
  id: `gid://gitlab/Label/${id}`,
  title,
  description: null,
  color: '#1068bf',
  textColor: '#FFFFFF',
});

const bug = label(1, 'bug');
const high = label(2, 'priority::high');
const low = label(3, 'priority::low');
const teamA = label(4, 'team::a::frontend');
const teamB = label(5, 'team::a::backend');
const teamOther = label(6, 'team::b');

describe('choosing labels', () => {
  it('adds an unscoped label next to the others', () => {
    expect(toggleLabel([high], bug, true)).toEqual([high, bug]);
  });

  it('replaces the other labels of a scoped label’s scope', () => {
    expect(toggleLabel([bug, high], low, true)).toEqual([bug, low]);
  });

  it('takes the scope up to the last `::`, so nested scopes only replace their own', () => {
    expect(toggleLabel([teamA, teamOther], teamB, true)).toEqual([teamOther, teamB]);
  });

  it('removes a label when it is unchecked, and adds a label only once', () => {
    expect(toggleLabel([bug, high], bug, false)).toEqual([high]);
    expect(toggleLabel([bug], bug, true)).toEqual([bug]);
  });
});

describe('saving labels', () => {
  it('sends the added and the removed ids only', () => {
    const changes = labelChanges([bug, high], [bug, low]);
    expect(changes).toEqual({ add: [low.id], remove: [high.id] });
    expect(hasLabelChanges(changes)).toBe(true);
  });

  it('sends nothing when the choice did not change', () => {
    expect(hasLabelChanges(labelChanges([bug, high], [high, bug]))).toBe(false);
  });
});

describe('label links and options', () => {
  it('link to the epics list filtered by label_name[]', () => {
    expect(labelFilterHref('/groups/acme/-/epics', 'priority::high')).toBe(
      '/groups/acme/-/epics?label_name%5B%5D=priority%3A%3Ahigh',
    );
  });

  it('turn the labels endpoint’s numeric ids into GraphQL label ids', () => {
    expect(
      labelFromSuggestion({ id: 7, title: 'x', color: '#000000', textColor: '#FFFFFF', description: null })
        .id,
    ).toBe('gid://gitlab/Label/7');
  });

  it('list the chosen labels first without a search, and the server’s order with one', () => {
    expect(pickerOptions([low], [bug, low, high], '')).toEqual([low, bug, high]);
    expect(pickerOptions([low], [bug, high], 'b')).toEqual([bug, high]);
  });
});

describe('the order labels show in', () => {
  it('is the server’s: by title, capitals first as PostgreSQL’s C collation compares', () => {
    const ux = label(8, 'UX');
    expect(sortByTitle([high, bug, ux, low]).map((item) => item.title)).toEqual([
      'UX',
      'bug',
      'priority::high',
      'priority::low',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../../../core/time/calendarDate.ts';
import {
  childEpicsNoun,
  childEpicsText,
  emptyStateTexts,
  epicsLoadedText,
  milestoneCountText,
  ROADMAP_TEXT,
  showingEpicsText,
  splitAtPhrase,
} from './roadmapTexts.ts';

const range = { timeframeStart: '2020-07-01' as CalendarDate, timeframeEnd: '2020-09-30' as CalendarDate };

describe('the roadmap empty state', () => {
  it('invites adding dates when nothing is filtered, naming the timeframe', () => {
    expect(
      emptyStateTexts({ ...range, hasFiltersApplied: false, childEpics: false, singleEpicIid: false }),
    ).toEqual({
      title: 'The roadmap shows the progress of your epics along a timeline',
      description:
        'To view the roadmap, add a start or due date to one of your epics in this group or its subgroups; from Jul 1, 2020 to Sep 30, 2020.',
    });
  });

  it('suggests widening the search when filters are applied', () => {
    expect(
      emptyStateTexts({ ...range, hasFiltersApplied: true, childEpics: false, singleEpicIid: false }),
    ).toEqual({
      title: 'Sorry, no epics matched your search',
      description: 'To widen your search, change or remove filters; from Jul 1, 2020 to Sep 30, 2020.',
    });
  });

  it('speaks of dates on epics when a single epic is filtered, and of child epics on an epic roadmap', () => {
    expect(
      emptyStateTexts({ ...range, hasFiltersApplied: true, childEpics: false, singleEpicIid: true })
        .description,
    ).toBe('To make your epics appear in the roadmap, add start or due dates to them.');
    expect(
      emptyStateTexts({ ...range, hasFiltersApplied: false, childEpics: true, singleEpicIid: false })
        .description,
    ).toBe('To view the roadmap, add a start or due date to one of the child epics');
  });
});

describe('a sentence with a link on some of its words', () => {
  it('is cut around the linked words, which the child-epics message contains', () => {
    expect(splitAtPhrase(ROADMAP_TEXT.emptyChildEpics, ROADMAP_TEXT.emptyChildEpicsLink)).toEqual({
      before: 'To view the roadmap, add a start or due date to one of the ',
      phrase: 'child epics',
      after: '',
    });
  });

  it('is not cut when the words are missing', () => {
    expect(splitAtPhrase('No link here', 'child epics')).toBeNull();
    expect(splitAtPhrase('No link here', '')).toBeNull();
  });
});

describe('the milestones count', () => {
  it('says milestone or milestones', () => {
    expect(milestoneCountText(1)).toBe('1 milestone');
    expect(milestoneCountText(12)).toBe('12 milestones');
  });
});

describe('counts', () => {
  it('says epic and child epic for exactly one', () => {
    expect(showingEpicsText(1, 1)).toBe('Showing 1 of 1 epic');
    expect(showingEpicsText(50, 10000)).toBe('Showing 50 of 10,000 epics');
    expect(epicsLoadedText(1, 1, false)).toBe('1 of 1 epic loaded');
    expect(epicsLoadedText(50, 88, true)).toBe('50 of 88 epics loaded, loading more');
    expect(childEpicsText(1)).toBe('1 child epic');
    expect(childEpicsText(3)).toBe('3 child epics');
    expect(childEpicsNoun(1)).toBe(' child epic');
    expect(milestoneCountText(1)).toBe('1 milestone');
  });
});

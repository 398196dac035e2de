import { describe, expect, it } from 'vitest';
import type { GroupOption, ProjectOption } from '../../../data/index.ts';
import {
  canCreateEpic,
  canCreateIssue,
  epicTitlePlaceholder,
  groupChoices,
  projectSections,
} from './createForms.ts';
import { recordRecentProject } from './recentProjects.ts';

const group = (id: number, fullPath: string, name = fullPath.split('/').at(-1) ?? ''): GroupOption => ({
  id,
  name,
  fullPath,
  avatarUrl: null,
});

const project = (id: number, fullPath: string): ProjectOption => ({
  id,
  name: fullPath.split('/').at(-1) ?? '',
  nameWithNamespace: fullPath,
  fullPath,
  namespaceFullPath: fullPath.split('/').slice(0, -1).join('/'),
  webUrl: `/${fullPath}`,
  avatarUrl: null,
});

describe('canCreateEpic', () => {
  it('is disabled while the trimmed title is empty or a submit runs', () => {
    expect(canCreateEpic({ title: '', submitting: false })).toBe(false);
    expect(canCreateEpic({ title: '   ', submitting: false })).toBe(false);
    expect(canCreateEpic({ title: 'Launch', submitting: true })).toBe(false);
    expect(canCreateEpic({ title: ' Launch ', submitting: false })).toBe(true);
  });
});

describe('canCreateIssue', () => {
  it('needs a chosen project and a title, and is disabled while busy', () => {
    const web = project(1, 'acme/web');
    expect(canCreateIssue({ title: 'Bug', project: null, submitting: false })).toBe(false);
    expect(canCreateIssue({ title: ' ', project: web, submitting: false })).toBe(false);
    expect(canCreateIssue({ title: 'Bug', project: web, submitting: true })).toBe(false);
    expect(canCreateIssue({ title: 'Bug', project: web, submitting: false })).toBe(true);
  });
});

describe('epicTitlePlaceholder', () => {
  it("uses the spec's confidential placeholder, trailing space included, under a confidential parent", () => {
    expect(epicTitlePlaceholder(false)).toBe('New epic title');
    expect(epicTitlePlaceholder(true)).toBe('New confidential epic title ');
  });
});

describe('groupChoices', () => {
  const parent = group(1, 'acme', 'Acme');

  it("puts the parent's group first, then the descendants once each", () => {
    const choices = groupChoices(
      parent,
      [group(2, 'acme/web'), group(1, 'acme', 'Acme'), group(3, 'acme/api')],
      '',
    );
    expect(choices.map((choice) => choice.id)).toEqual([1, 2, 3]);
  });

  it("leaves the parent's group out when the search does not match it", () => {
    expect(groupChoices(parent, [group(2, 'acme/web')], 'web').map((choice) => choice.id)).toEqual([2]);
    expect(groupChoices(parent, [], 'ACM').map((choice) => choice.id)).toEqual([1]);
  });
});

describe('projectSections', () => {
  const recent = recordRecentProject([], project(1, 'acme/web'), 1);

  it("shows 'Recently used' above the other results while nothing is searched", () => {
    const sections = projectSections(recent, [project(1, 'acme/web'), project(2, 'acme/api')], '');
    expect(sections.map((section) => [section.label, section.projects.map((entry) => entry.id)])).toEqual([
      ['Recently used', [1]],
      [null, [2]],
    ]);
  });

  it('hides the recent section while searching', () => {
    const sections = projectSections(recent, [project(1, 'acme/web')], 'web');
    expect(sections.map((section) => section.key)).toEqual(['all']);
  });

  it('has no sections when nothing matches', () => {
    expect(projectSections([], [], 'zzz')).toEqual([]);
  });
});

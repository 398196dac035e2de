/**
 * The create forms' rules (spec, "Create epic", "Create issue", "Confidential parent") and the
 * options of their group and project dropdowns. Pure; the forms render what these say.
 */
import type { GroupOption, ProjectOption } from '../../../data/index.ts';
import { TREE_TEXT } from '../treeTexts.ts';
import { projectOfRecent, type RecentProject } from './recentProjects.ts';

/** Create epic: submit is disabled while the title is empty (once trimmed) or a submit runs. */
export function canCreateEpic(form: { readonly title: string; readonly submitting: boolean }): boolean {
  return !form.submitting && form.title.trim() !== '';
}

/** Create issue: a project must be chosen and a title given; disabled while busy. */
export function canCreateIssue(form: {
  readonly title: string;
  readonly project: ProjectOption | null;
  readonly submitting: boolean;
}): boolean {
  return !form.submitting && form.project !== null && form.title.trim() !== '';
}

/** The title field's placeholder: the confidential one (trailing space and all) under a confidential parent. */
export function epicTitlePlaceholder(parentConfidential: boolean): string {
  return parentConfidential ? TREE_TEXT.newConfidentialEpicTitle : TREE_TEXT.newEpicTitle;
}

const matches = (text: string, search: string): boolean =>
  text.toLocaleLowerCase().includes(search.trim().toLocaleLowerCase());

/**
 * The group dropdown: the parent epic's group first (it is the default), when it matches the
 * search, then its descendant groups as the server found them, each once.
 */
export function groupChoices(
  parentGroup: GroupOption,
  descendants: readonly GroupOption[],
  search: string,
): GroupOption[] {
  const parentMatches = matches(parentGroup.name, search) || matches(parentGroup.fullPath, search);
  return [
    ...(parentMatches ? [parentGroup] : []),
    ...descendants.filter((group) => group.id !== parentGroup.id),
  ];
}

export interface ProjectSection {
  readonly key: 'recent' | 'all';
  /** The section's heading; null for the plain result list. */
  readonly label: string | null;
  readonly projects: readonly ProjectOption[];
}

/**
 * The project dropdown: 'Recently used' (only while nothing is searched) above the server's
 * results, which then leave out the projects already listed as recent.
 */
export function projectSections(
  recent: readonly RecentProject[],
  found: readonly ProjectOption[],
  search: string,
): ProjectSection[] {
  const recentProjects = search.trim() === '' ? recent.map(projectOfRecent) : [];
  const recentIds = new Set(recentProjects.map((project) => project.id));
  const sections: ProjectSection[] = [];
  if (recentProjects.length > 0) {
    sections.push({ key: 'recent', label: TREE_TEXT.recentlyUsed, projects: recentProjects });
  }
  const rest = found.filter((project) => !recentIds.has(project.id));
  if (rest.length > 0) sections.push({ key: 'all', label: null, projects: rest });
  return sections;
}

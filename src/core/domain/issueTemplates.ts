import { MAX_DESCRIPTION_LENGTH } from './epicRules.ts';

/**
 * Description templates of a project's issues. GitLab keeps them as `.gitlab/issue_templates/<name>.md`
 * files; here they are rows, under the same rules a file name would meet: the name is the file's base
 * name (so no '/'), and the content becomes a description, so it is held to the description's limit.
 */

export const TEMPLATE_NAME_MAX_LENGTH = 100;
export const TEMPLATE_CONTENT_MAX_LENGTH = MAX_DESCRIPTION_LENGTH;

/** GitLab's query parameter that preselects a template on the new-issue page. */
export const ISSUABLE_TEMPLATE_PARAM = 'issuable_template';

export type TemplateProblems = { name?: string[]; content?: string[] };

/** Control characters would not survive as a file name, nor read well in a selector. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point.
const CONTROL = /[\u0000-\u001f\u007f]/;

/** What is wrong with a template name (already trimmed by the caller), in GitLab's validation wording. */
export function templateNameProblems(name: string): string[] {
  if (name === '') return ["can't be blank"];
  const problems: string[] = [];
  if (name.length > TEMPLATE_NAME_MAX_LENGTH) {
    problems.push(`is too long (maximum is ${TEMPLATE_NAME_MAX_LENGTH} characters)`);
  }
  if (name.includes('/')) problems.push("can't contain '/'");
  if (CONTROL.test(name)) problems.push("can't contain control characters");
  if (name === '.' || name === '..') problems.push('is reserved');
  return problems;
}

export function templateContentProblems(content: string): string[] {
  return content.length > TEMPLATE_CONTENT_MAX_LENGTH
    ? [`is too long (maximum is ${TEMPLATE_CONTENT_MAX_LENGTH} characters)`]
    : [];
}

/** Both fields' problems; an empty object when the template may be saved (uniqueness aside). */
export function templateProblems(draft: { name?: string; content?: string }): TemplateProblems {
  const problems: TemplateProblems = {};
  if (draft.name !== undefined) {
    const name = templateNameProblems(draft.name);
    if (name.length) problems.name = name;
  }
  if (draft.content !== undefined) {
    const content = templateContentProblems(draft.content);
    if (content.length) problems.content = content;
  }
  return problems;
}

/**
 * Whether choosing a template must ask before replacing the description (GitLab asks when the
 * description was edited: it differs from what it started as, or from the last template applied).
 */
export function replacingNeedsConfirmation(description: string, lastApplied: string): boolean {
  return description.trim() !== '' && description !== lastApplied;
}

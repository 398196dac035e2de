import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * The description templates the demo's workshop/playground offers on its New issue page, written as a
 * team would keep them in `.gitlab/issue_templates/`.
 */
export const PLAYGROUND_TEMPLATES: readonly { readonly name: string; readonly content: string }[] = [
  {
    name: 'Bug',
    content: [
      '## Summary',
      '',
      '<!-- What went wrong, in one or two sentences. -->',
      '',
      '## Steps to reproduce',
      '',
      '1. ',
      '',
      '## What happens',
      '',
      '## What should happen',
      '',
      '## Environment',
      '',
      '- Browser and version:',
      '- Plantrack version:',
      '',
    ].join('\n'),
  },
  {
    name: 'Feature proposal',
    content: [
      '## Problem to solve',
      '',
      '<!-- Who needs this, and what can they not do today? -->',
      '',
      '## Proposal',
      '',
      '## Acceptance criteria',
      '',
      '- [ ] ',
      '',
      '## Links',
      '',
    ].join('\n'),
  },
];

export async function insertPlaygroundTemplates(
  db: Kysely<Database>,
  project: { readonly id: number; readonly rootNamespaceId: number },
  at: string,
): Promise<void> {
  await db
    .insertInto('issue_templates')
    .values(
      PLAYGROUND_TEMPLATES.map((template) => ({
        root_namespace_id: project.rootNamespaceId,
        project_id: project.id,
        name: template.name,
        content: template.content,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
}

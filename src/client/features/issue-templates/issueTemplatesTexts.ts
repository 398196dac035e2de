/** The issue templates page's texts. */
export const TEMPLATES_TEXT = {
  pageTitle: 'Issue templates',
  intro:
    'Description templates offered on the New issue page of this project. GitLab keeps them in .gitlab/issue_templates; here they are kept by the project.',
  empty: 'This project has no issue templates yet.',
  newTemplate: 'New template',
  name: 'Name',
  content: 'Content',
  save: 'Save template',
  saving: 'Saving…',
  cancel: 'Cancel',
  edit: 'Edit',
  delete: 'Delete',
  use: 'New issue with it',
  deleteTitle: 'Delete template?',
  deleteBody: (name: string) => `The template “${name}” will no longer be offered. This cannot be undone.`,
  loadFailed: 'Something went wrong while fetching the templates',
  saved: (name: string) => `Template “${name}” saved.`,
  deleted: (name: string) => `Template “${name}” deleted.`,
} as const;

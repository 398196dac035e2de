/** The description template selector's texts (GitLab's wording). */
export const TEMPLATE_TEXT = {
  label: 'Description template',
  choose: 'Choose a template',
  loading: 'Loading templates…',
  loadFailed: 'The templates could not be loaded.',
  applyFailed: 'The template could not be applied.',
  confirmTitle: 'Apply template',
  confirmBody:
    'Applying a template will replace the existing issue description. Any changes you have made will be lost.',
  apply: 'Apply template',
  cancel: 'Cancel',
} as const;

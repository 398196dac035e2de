import type { Visibility } from '../../../core/domain/visibility.ts';

/** GitLab's words on its new group and new project forms. */
export const CREATE_TEXTS = {
  groupName: 'Group name',
  groupUrl: 'Group URL',
  projectName: 'Project name',
  projectSlug: 'Project slug',
  projectGroup: 'Group',
  description: 'Description (optional)',
  visibility: 'Visibility level',
  noGroups: 'There is no group you may create a project in',
  noGroupsDetail: 'Projects live in groups. Create a group first: you own the groups you create.',
  levels: {
    private: 'Private',
    internal: 'Internal',
    public: 'Public',
  } satisfies Record<Visibility, string>,
  groupLevelHelp: {
    private: 'The group and its projects can only be viewed by members.',
    internal: 'The group and any internal projects can be viewed by any logged in user.',
    public: 'The group and any public projects can be viewed without any authentication.',
  } satisfies Record<Visibility, string>,
  projectLevelHelp: {
    private: 'Project access must be granted explicitly to each user. Members of its group have access.',
    internal: 'The project can be accessed by any logged in user.',
    public: 'The project can be accessed without any authentication.',
  } satisfies Record<Visibility, string>,
  creating: 'Creating…',
  failed: 'Something went wrong. Try again.',
} as const;

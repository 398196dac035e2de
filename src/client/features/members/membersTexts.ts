/** The members page's texts, GitLab's words. */
export const MEMBERS_TEXTS = {
  groupTitle: 'Group members',
  projectTitle: 'Project members',
  viewing: 'You’re viewing members of',
  searchLabel: 'Search members',
  searchPlaceholder: 'Filter members by name or username',
  direct: 'Direct member',
  inheritedFrom: 'Inherited from',
  noExpiration: 'No expiration set',
  none: 'No members found',
  noMatches: 'No members match your search',
} as const;

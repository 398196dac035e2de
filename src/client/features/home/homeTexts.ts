/** The home page's and the issues dashboard's texts, GitLab's words where it has them. */
export const HOME_TEXTS = {
  title: 'Home',
  greeting: (name: string) => `Hi, ${name}`,
  assignedIssues: 'Issues assigned to you',
  assignedIssuesAll: 'View all assigned issues',
  assignedIssuesNone: 'No open issues are assigned to you.',
  assignedIssuesError: 'Something went wrong while fetching your issues',
  todos: 'To-Do items',
  todosAll: 'View all to-do items',
  todosNone: 'Your To-Do List is empty. Good job!',
  todosError: 'Something went wrong while fetching your to-do items',
  frequent: 'Frequently visited',
  frequentGroups: 'Groups',
  frequentProjects: 'Projects',
  frequentNone: 'Groups and projects you visit appear here.',
  groups: 'Groups',
  dashboardIssuesTitle: 'Issues assigned to you',
} as const;

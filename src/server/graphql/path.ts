/** Where the GraphQL API answers (GitLab's path). */
export const GRAPHQL_PATH = '/api/graphql';

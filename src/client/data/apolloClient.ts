import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';

/** The endpoint every page talks to; the session cookie authenticates, the CSRF header guards writes. */
export const GRAPHQL_PATH = '/api/graphql';

export function createApolloClient(csrfToken: string | null): ApolloClient {
  return new ApolloClient({
    link: new HttpLink({
      uri: GRAPHQL_PATH,
      credentials: 'same-origin',
      headers: csrfToken ? { 'X-CSRF-Token': csrfToken } : {},
    }),
    cache: new InMemoryCache(),
  });
}

export type { ApolloClient };

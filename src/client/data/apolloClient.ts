import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { GRAPHQL_PATH } from '../../core/domain/webPaths.ts';

/** Every page talks to GRAPHQL_PATH; the session cookie authenticates, the CSRF header guards writes. */
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

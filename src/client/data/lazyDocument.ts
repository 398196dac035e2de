import { gql } from '@apollo/client';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';

/**
 * A generated document kept as its text and parsed on first use (scripts/codegen.ts emits every
 * operation this way). As parsed syntax trees, the app's documents were 390 kB of the JavaScript
 * every page downloads and evaluates; as text they are 50 kB, and a page parses only the few it
 * sends. The object stays the same one, so Apollo's per-document caches hold.
 */
export function lazyDocument<Result, Variables>(source: string): TypedDocumentNode<Result, Variables> {
  let definitions: TypedDocumentNode['definitions'] | undefined;
  return {
    kind: 'Document',
    get definitions() {
      definitions ??= gql(source).definitions;
      return definitions;
    },
  } as TypedDocumentNode<Result, Variables>;
}

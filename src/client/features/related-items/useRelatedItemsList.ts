import { type Dispatch, type SetStateAction, useEffect, useState } from 'react';
import { fetchRelatedItems, type LinkedIssuable } from '../../data/index.ts';

/** A related-items card's list: loading, failed, or the items the endpoint answered. */
export type RelatedItemsList =
  | { readonly kind: 'loading' }
  | { readonly kind: 'failed' }
  | { readonly kind: 'ready'; readonly items: readonly LinkedIssuable[] };

/** Reads a card's list from its endpoint (again when it changes); the card sets it after a change. */
export function useRelatedItemsList(
  endpoint: string,
): [RelatedItemsList, Dispatch<SetStateAction<RelatedItemsList>>] {
  const [list, setList] = useState<RelatedItemsList>({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setList({ kind: 'loading' });
    fetchRelatedItems(endpoint, controller.signal).then(
      (items) => setList({ kind: 'ready', items }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(error);
        setList({ kind: 'failed' });
      },
    );
    return () => controller.abort();
  }, [endpoint]);
  return [list, setList];
}

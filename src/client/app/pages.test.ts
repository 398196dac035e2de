import { describe, expect, it } from 'vitest';
import { PAGE_CHUNKS } from '../../core/pages/pageMount.ts';
import { hasPageChunk } from './pages.tsx';

describe('page chunks', () => {
  it('registers a code-split page for every chunk the server preloads', () => {
    const named = Object.entries(PAGE_CHUNKS);
    expect(named.length).toBeGreaterThan(40);
    for (const [page, chunk] of named) expect(hasPageChunk(chunk), `${page}: ${chunk}`).toBe(true);
  });
});

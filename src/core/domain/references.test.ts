import { describe, expect, it } from 'vitest';
import { issuableReference } from './references.ts';

describe('issuableReference', () => {
  it('writes the short form with the prefix of the kind and the full form with the path', () => {
    expect(issuableReference('epic', 5, 'acme/web', false)).toBe('&5');
    expect(issuableReference('issue', 12, 'acme/web', true)).toBe('acme/web#12');
    expect(issuableReference('merge_request', 3, 'acme/web', true)).toBe('acme/web!3');
  });
});

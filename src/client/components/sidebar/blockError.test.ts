import { describe, expect, it } from 'vitest';
import { blockErrorText, firstErrorOr, writeError } from './blockError.ts';

describe('a failed write', () => {
  it('shows the block’s text and the server’s first error as it is', () => {
    expect(writeError('An error occurred while updating labels.', 'Label not found')).toEqual({
      message: 'An error occurred while updating labels.',
      detail: 'Label not found',
    });
  });

  it('shows the block’s text alone when the server gave no message', () => {
    expect(writeError('An error occurred while updating labels.', null).detail).toBeNull();
  });

  it('shows only the server’s error for confidentiality, or the fallback text', () => {
    expect(firstErrorOr('fallback', 'Cannot make the epic confidential')).toEqual({
      message: 'Cannot make the epic confidential',
      detail: null,
    });
    expect(firstErrorOr('fallback', null)).toEqual({ message: 'fallback', detail: null });
  });
});

describe('a failed write in the collapsed sidebar', () => {
  it('reads as one line: the block’s text, then the server’s', () => {
    expect(
      blockErrorText(writeError('An error occurred while subscribing to notifications.', 'Paused')),
    ).toBe('An error occurred while subscribing to notifications. Paused');
    expect(blockErrorText(writeError('Something went wrong.', null))).toBe('Something went wrong.');
  });
});

import { describe, expect, it } from 'vitest';
import { packColor, unpackColor } from './epicStore.ts';

describe('packColor and unpackColor', () => {
  it('turns a packed colour back into the CSS hex it came from', () => {
    expect(unpackColor(packColor('#1068bf'))).toBe('#1068bf');
    expect(unpackColor(packColor('#000000'))).toBe('#000000');
  });

  it('answers null for no colour', () => {
    expect(unpackColor(packColor(null))).toBeNull();
  });
});

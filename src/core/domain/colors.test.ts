import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHexColor, readableTextColor } from './colors.ts';

describe('parseHexColor', () => {
  it('reads long and short hex colours and rejects others', () => {
    expect(parseHexColor('#1f75cb')).toEqual([31, 117, 203]);
    expect(parseHexColor('fff')).toEqual([255, 255, 255]);
    expect(parseHexColor('red')).toBeNull();
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for equal colours', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#808080', '#808080')).toBeCloseTo(1, 5);
  });
  it('is null for non-hex input', () => {
    expect(contrastRatio('#fff', 'blue')).toBeNull();
  });
});

describe('readableTextColor', () => {
  it('keeps the preferred colour when it is readable', () => {
    expect(readableTextColor('#36454f', '#FFFFFF')).toBe('#FFFFFF');
    expect(readableTextColor('#eee600', '#1F1E24')).toBe('#1F1E24');
  });
  it('switches to a readable colour when the preferred one is not', () => {
    expect(readableTextColor('#dc143c', '#1F1E24')).toBe('#FFFFFF');
    expect(readableTextColor('#ff0000', '#FFFFFF')).toBe('#000000');
  });
  it('falls back to black on mid grey, where neither near-black nor white reaches AA', () => {
    expect(readableTextColor('#808080', '#1F1E24')).toBe('#000000');
  });
  it('keeps the preferred colour for a background it cannot parse', () => {
    expect(readableTextColor('transparent', '#333333')).toBe('#333333');
  });
});

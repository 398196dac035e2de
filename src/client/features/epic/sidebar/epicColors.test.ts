import { describe, expect, it } from 'vitest';
import { colorTitle, EPIC_COLOR_CHOICES, isSameColor } from './epicColors.ts';

describe('epic colour choices', () => {
  it('start with GitLab’s default Blue and offer the spec’s suggested colours', () => {
    expect(EPIC_COLOR_CHOICES[0]).toEqual({ color: '#1068bf', title: 'Blue' });
    expect(EPIC_COLOR_CHOICES).toEqual(
      expect.arrayContaining([
        { color: '#217645', title: 'Green' },
        { color: '#c91c00', title: 'Red' },
        { color: '#9e5400', title: 'Orange' },
        { color: '#694cc0', title: 'Purple' },
      ]),
    );
  });

  it('name a suggested colour whatever its case, and show other colours as their code', () => {
    expect(colorTitle('#1068BF')).toBe('Blue');
    expect(colorTitle('#123456')).toBe('#123456');
    expect(isSameColor('#ABCDEF', '#abcdef')).toBe(true);
  });
});

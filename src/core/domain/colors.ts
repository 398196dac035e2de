/** GitLab's default epic colour and its suggested palette. */
export const DEFAULT_EPIC_COLOR = '#1068bf';

export const SUGGESTED_EPIC_COLORS: readonly { color: string; title: string }[] = [
  { color: '#1068bf', title: 'Blue' },
  { color: '#217645', title: 'Green' },
  { color: '#c91c00', title: 'Red' },
  { color: '#9e5400', title: 'Orange' },
  { color: '#694cc0', title: 'Purple' },
  { color: '#0e4d4d', title: 'Dark teal' },
  { color: '#8f8f8f', title: 'Gray' },
  { color: '#4b4b4b', title: 'Dark gray' },
];

const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}){1,2}$/;

export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value);
}

const LIGHT_TEXT = '#FFFFFF';
const DARK_TEXT = '#1F1E24';

/** The readable text colour on a background: GitLab's rule of relative luminance against a threshold. */
export function contrastTextColor(background: string): string {
  if (!isHexColor(background)) return DARK_TEXT;
  let hex = background.slice(1);
  if (hex.length === 3) hex = [...hex].map((digit) => digit + digit).join('');
  const [r, g, b] = [0, 2, 4].map((offset) => Number.parseInt(hex.slice(offset, offset + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const linear = (channel: number) =>
    channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  const luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  return luminance > 0.179 ? DARK_TEXT : LIGHT_TEXT;
}

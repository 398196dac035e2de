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

/**
 * Items share a few colours, and a page of a thousand epics or labels asks for each one's text
 * colour: each colour's is worked out once (a bounded number of them: colours come from data).
 */
const textColorOfBackground = new Map<string, string>();
const MAX_REMEMBERED_COLORS = 1024;

/** The readable text colour on a background: GitLab's light or dark text, or black where neither reaches AA. */
export function contrastTextColor(background: string): string {
  let text = textColorOfBackground.get(background);
  if (text === undefined) {
    const luminance = parseHexColor(background);
    const preferred = luminance && relativeLuminance(luminance) > 0.179 ? DARK_TEXT : LIGHT_TEXT;
    text = readableTextColor(background, preferred);
    if (textColorOfBackground.size < MAX_REMEMBERED_COLORS) textColorOfBackground.set(background, text);
  }
  return text;
}

/* WCAG 2 contrast helpers for colours that come from data (label and epic colours). */

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** `#rgb` or `#rrggbb` → [r, g, b] in 0–255; null when not a hex colour. */
export function parseHexColor(value: string): [number, number, number] | null {
  const match = HEX.exec(value.trim());
  if (!match) return null;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((c) => c + c).join('') : match[1]!;
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function relativeLuminance([r, g, b]: [number, number, number]): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The WCAG contrast ratio of two hex colours (1 to 21); null if either is not a hex colour. */
export function contrastRatio(a: string, b: string): number | null {
  const ca = parseHexColor(a);
  const cb = parseHexColor(b);
  if (!ca || !cb) return null;
  const [high, low] = [relativeLuminance(ca), relativeLuminance(cb)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (high + 0.05) / (low + 0.05);
}

/** WCAG AA for normal-size text. */
export const MIN_TEXT_CONTRAST = 4.5;

/**
 * A text colour readable on `background`: the preferred one if it reaches AA, else the first of the
 * near-black, white and black fallbacks that does (black always does when white does not).
 */
export function readableTextColor(background: string, preferred: string): string {
  const candidates = [preferred, '#1F1E24', '#FFFFFF', '#000000'];
  let best = preferred;
  let bestRatio = 0;
  for (const candidate of candidates) {
    const ratio = contrastRatio(background, candidate);
    if (ratio === null) continue;
    if (ratio >= MIN_TEXT_CONTRAST) return candidate;
    if (ratio > bestRatio) {
      best = candidate;
      bestRatio = ratio;
    }
  }
  return best;
}

/**
 * The canvas's colours, read from the page's Pajamas tokens (CSS custom properties) so the canvas
 * follows the light and dark themes. Read once per theme change, never per frame.
 */
export interface CanvasPalette {
  readonly background: number;
  readonly headerBackground: number;
  readonly currentColumn: number;
  readonly grid: number;
  readonly gridStrong: number;
  readonly text: number;
  readonly textMuted: number;
  readonly textStrong: number;
  readonly today: number;
  readonly defaultBar: number;
  readonly highlight: number;
  readonly milestone: number;
  readonly newEpic: number;
}

const FALLBACK: CanvasPalette = {
  background: 0xffffff,
  headerBackground: 0xfbfafd,
  currentColumn: 0xe9f3fc,
  grid: 0xececef,
  gridStrong: 0xdcdcde,
  text: 0x333238,
  textMuted: 0x626168,
  textStrong: 0x1f1e24,
  today: 0xdd2b0e,
  defaultBar: 0x1068bf,
  highlight: 0xf0f0f2,
  milestone: 0x626168,
  newEpic: 0xfdf1dd,
};

/** '#rgb' / '#rrggbb' / 'rgb(r, g, b)' → 0xRRGGBB, or null. */
export function parseCssColor(value: string): number | null {
  const text = value.trim();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    return Number.parseInt(full, 16);
  }
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i.exec(text);
  if (rgb) return (Number(rgb[1]) << 16) | (Number(rgb[2]) << 8) | Number(rgb[3]);
  return null;
}

export function readPalette(element: Element): CanvasPalette {
  const style = getComputedStyle(element);
  const token = (name: string, fallback: number) => parseCssColor(style.getPropertyValue(name)) ?? fallback;
  return {
    background: token('--bg', FALLBACK.background),
    headerBackground: token('--bg-subtle', FALLBACK.headerBackground),
    currentColumn: token('--roadmap-current-column', FALLBACK.currentColumn),
    grid: token('--bg-muted', FALLBACK.grid),
    gridStrong: token('--border', FALLBACK.gridStrong),
    text: token('--text', FALLBACK.text),
    textMuted: token('--text-muted', FALLBACK.textMuted),
    textStrong: token('--text-strong', FALLBACK.textStrong),
    today: token('--red', FALLBACK.today),
    defaultBar: token('--blue-strong', FALLBACK.defaultBar),
    highlight: token('--bg-hover', FALLBACK.highlight),
    milestone: token('--text-muted', FALLBACK.milestone),
    newEpic: token('--roadmap-new-epic', FALLBACK.newEpic),
  };
}

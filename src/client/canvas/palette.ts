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
  /** Open state (issues and epics). */
  readonly success: number;
  /** Closed state. */
  readonly info: number;
  /** Past-due dates. */
  readonly danger: number;
  readonly warning: number;
  /** Drop indicators and the focused row. */
  readonly accent: number;
  /** Health status pills and assignee circles: Pajamas badge fill and text per tone. */
  readonly successBackground: number;
  readonly successText: number;
  readonly warningBackground: number;
  readonly warningText: number;
  readonly dangerBackground: number;
  readonly dangerText: number;
  readonly neutralBackground: number;
  readonly neutralText: number;
  /** Dependency arrows ('blocks' links), and those whose blocked epic starts before its blocker ends. */
  readonly dependency: number;
  readonly dependencyViolated: number;
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
  success: 0x108548,
  info: 0x1f75cb,
  danger: 0xdd2b0e,
  warning: 0xab6100,
  accent: 0x428fdc,
  successBackground: 0xc3e6cd,
  successText: 0x24663b,
  warningBackground: 0xf5d9a8,
  warningText: 0x8f4700,
  dangerBackground: 0xfdd4cd,
  dangerText: 0xae1800,
  neutralBackground: 0xececef,
  neutralText: 0x3a383f,
  dependency: 0x737278,
  dependencyViolated: 0xdd2b0e,
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
    success: token('--green', FALLBACK.success),
    info: token('--blue', FALLBACK.info),
    danger: token('--red', FALLBACK.danger),
    warning: token('--orange', FALLBACK.warning),
    accent: token('--focus', FALLBACK.accent),
    successBackground: token('--badge-success-bg', FALLBACK.successBackground),
    successText: token('--badge-success-fg', FALLBACK.successText),
    warningBackground: token('--badge-warning-bg', FALLBACK.warningBackground),
    warningText: token('--badge-warning-fg', FALLBACK.warningText),
    dangerBackground: token('--badge-danger-bg', FALLBACK.dangerBackground),
    dangerText: token('--badge-danger-fg', FALLBACK.dangerText),
    neutralBackground: token('--badge-neutral-bg', FALLBACK.neutralBackground),
    neutralText: token('--badge-neutral-fg', FALLBACK.neutralText),
    dependency: token('--roadmap-dependency', token('--text-muted', FALLBACK.dependency)),
    dependencyViolated: token('--red', FALLBACK.dependencyViolated),
  };
}

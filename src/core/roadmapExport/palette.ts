/** The colours of exported pictures: always the light theme (paper and slides), as the roadmap's canvas. */
export const EXPORT_PALETTE = {
  background: '#ffffff',
  headerBackground: '#fbfafd',
  currentColumn: '#e9f3fc',
  grid: '#ececef',
  gridStrong: '#dcdcde',
  text: '#333238',
  textMuted: '#626168',
  textStrong: '#1f1e24',
  today: '#dd2b0e',
  defaultBar: '#1068bf',
} as const;

/** 0xRRGGBB as '#rrggbb'. */
export function hexOf(rgb: number): string {
  return `#${(rgb & 0xffffff).toString(16).padStart(6, '0')}`;
}

/** '#rrggbb' mixed with white by `amount` (0 = unchanged, 1 = white). */
export function lighten(hex: string, amount: number): string {
  const rgb = Number.parseInt(hex.slice(1), 16);
  const mix = (shift: number) => {
    const channel = (rgb >> shift) & 0xff;
    return Math.round(channel + (255 - channel) * amount);
  };
  return hexOf((mix(16) << 16) | (mix(8) << 8) | mix(0));
}

/** '#rrggbb' as red, green and blue in 0…1 (pdf-lib's rgb()). */
export function rgbOf(hex: string): readonly [number, number, number] {
  const rgb = Number.parseInt(hex.slice(1), 16);
  return [((rgb >> 16) & 0xff) / 255, ((rgb >> 8) & 0xff) / 255, (rgb & 0xff) / 255];
}

/**
 * What the Active sessions page says of a browser: its name and its operating system, read from the
 * User-Agent header (GitLab uses DeviceDetector; these are the families people use). Order matters:
 * Edge and Opera say 'Chrome' too, Chrome says 'Safari', every Android says 'Linux'.
 */
export interface DeviceDescription {
  readonly browser: string;
  readonly os: string;
  /** GitLab's device types: the icon beside the session. */
  readonly deviceType: 'desktop' | 'smartphone' | 'tablet' | 'unknown';
}

const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\/[\d.]+/, 'Microsoft Edge'],
  [/\bOPR\/[\d.]+|\bOpera\b/, 'Opera'],
  [/\bFirefox\/[\d.]+|\bFxiOS\/[\d.]+/, 'Firefox'],
  [/\bHeadlessChrome\/[\d.]+/, 'Headless Chrome'],
  [/\bChromium\/[\d.]+/, 'Chromium'],
  [/\bChrome\/[\d.]+|\bCriOS\/[\d.]+/, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\/[\d.]+/, 'curl'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\bWindows\b/, 'Windows'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'Mac'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'Chrome OS'],
  [/\bUbuntu\b/, 'Ubuntu'],
  [/\bLinux\b|\bX11\b/, 'GNU/Linux'],
];

const firstMatch = (text: string, table: readonly (readonly [RegExp, string])[]): string | undefined =>
  table.find(([pattern]) => pattern.test(text))?.[1];

export function describeUserAgent(userAgent: string): DeviceDescription {
  const browser = firstMatch(userAgent, BROWSERS) ?? 'Unknown';
  const os = firstMatch(userAgent, SYSTEMS) ?? 'Unknown';
  const deviceType = /\biPad\b|\bTablet\b/.test(userAgent)
    ? 'tablet'
    : /\bMobile\b|\biPhone\b|\bAndroid\b/.test(userAgent)
      ? 'smartphone'
      : os === 'Unknown'
        ? 'unknown'
        : 'desktop';
  return { browser, os, deviceType };
}

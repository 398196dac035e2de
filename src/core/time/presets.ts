/**
 * Date ranges and presets (spec, "Ranges and presets"). The range picks how much time the roadmap
 * spans; the preset picks the column unit. Values are GitLab's enum strings.
 */
export const TIMEFRAME_RANGE_TYPES = ['CURRENT_QUARTER', 'CURRENT_YEAR', 'THREE_YEARS'] as const;
export type TimeframeRangeType = (typeof TIMEFRAME_RANGE_TYPES)[number];

export const PRESET_TYPES = ['QUARTERS', 'MONTHS', 'WEEKS'] as const;
export type PresetType = (typeof PRESET_TYPES)[number];

/**
 * | Range | Allowed presets | Default |
 * |---|---|---|
 * | CURRENT_QUARTER | WEEKS only | WEEKS |
 * | CURRENT_YEAR | MONTHS or WEEKS | MONTHS |
 * | THREE_YEARS | QUARTERS, MONTHS or WEEKS | QUARTERS |
 */
export const ALLOWED_PRESETS: Readonly<Record<TimeframeRangeType, readonly PresetType[]>> = {
  CURRENT_QUARTER: ['WEEKS'],
  CURRENT_YEAR: ['MONTHS', 'WEEKS'],
  THREE_YEARS: ['QUARTERS', 'MONTHS', 'WEEKS'],
};

export const DEFAULT_PRESET: Readonly<Record<TimeframeRangeType, PresetType>> = {
  CURRENT_QUARTER: 'WEEKS',
  CURRENT_YEAR: 'MONTHS',
  THREE_YEARS: 'QUARTERS',
};

/** Spec: "An unknown value falls back to CURRENT_QUARTER." */
export const FALLBACK_RANGE_TYPE: TimeframeRangeType = 'CURRENT_QUARTER';

export function isTimeframeRangeType(value: unknown): value is TimeframeRangeType {
  return (TIMEFRAME_RANGE_TYPES as readonly unknown[]).includes(value);
}

export function isPresetType(value: unknown): value is PresetType {
  return (PRESET_TYPES as readonly unknown[]).includes(value);
}

/** The range from the page's data attribute or the URL: one of the three, else CURRENT_QUARTER. */
export function parseTimeframeRangeType(value: unknown): TimeframeRangeType {
  return isTimeframeRangeType(value) ? value : FALLBACK_RANGE_TYPE;
}

/** The requested preset if the range allows it, otherwise the range's default. */
export function resolvePresetType(range: TimeframeRangeType, requested: unknown): PresetType {
  return isPresetType(requested) && ALLOWED_PRESETS[range].includes(requested)
    ? requested
    : DEFAULT_PRESET[range];
}

/** Spec: "Choosing a range resets the preset to the default for that range." */
export function presetAfterRangeChange(range: TimeframeRangeType): PresetType {
  return DEFAULT_PRESET[range];
}

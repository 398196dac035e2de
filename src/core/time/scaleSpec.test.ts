import { describe, expect, it } from 'vitest';
import type { CalendarDate } from './calendarDate.ts';
import { ContinuousTimeScale } from './continuousScale.ts';
import { asEpochDay } from './epochDay.ts';
import { sameScaleSpec, scaleFromSpec, specOfScale, timeframeFromSpec } from './scaleSpec.ts';

const timeframe = timeframeFromSpec({
  rangeType: 'CURRENT_QUARTER',
  presetType: 'WEEKS',
  today: '2020-07-06' as CalendarDate,
});

describe('scale specs', () => {
  it('rebuild a widened continuous scale with the same domain and range on both threads', () => {
    const main = new ContinuousTimeScale(
      asEpochDay(timeframe.startDay - 400),
      asEpochDay(timeframe.endDay + 300),
      -2,
      { startDay: timeframe.startDay, endDay: timeframe.endDay },
    );
    const worker = scaleFromSpec(timeframe, specOfScale(main));
    expect(worker).toBeInstanceOf(ContinuousTimeScale);
    expect([worker.startDay, worker.endDay, worker.width]).toEqual([main.startDay, main.endDay, main.width]);
    expect([worker.rangeStartDay, worker.rangeEndDay]).toEqual([timeframe.startDay, timeframe.endDay]);
  });

  it('leave the domain days out while the domain is the timeframe', () => {
    const scale = scaleFromSpec(timeframe, { kind: 'continuous', zoom: 3 });
    expect(specOfScale(scale)).toEqual({ kind: 'continuous', zoom: 3 });
    expect(specOfScale(scaleFromSpec(timeframe, { kind: 'preset' }))).toEqual({ kind: 'preset' });
  });

  it('never build a domain narrower than the timeframe', () => {
    const scale = scaleFromSpec(timeframe, {
      kind: 'continuous',
      zoom: 0,
      startDay: timeframe.startDay + 10,
      endDay: timeframe.endDay - 10,
    });
    expect([scale.startDay, scale.endDay]).toEqual([timeframe.startDay, timeframe.endDay]);
  });

  it('differ when the zoom or the domain differs', () => {
    const a = { kind: 'continuous', zoom: 1, startDay: 5, endDay: 900 } as const;
    expect(sameScaleSpec(a, { ...a })).toBe(true);
    expect(sameScaleSpec(a, { ...a, endDay: 901 })).toBe(false);
    expect(sameScaleSpec(a, { kind: 'continuous', zoom: 1 })).toBe(false);
    expect(sameScaleSpec({ kind: 'preset' }, { kind: 'preset' })).toBe(true);
    expect(sameScaleSpec({ kind: 'preset' }, a)).toBe(false);
  });
});

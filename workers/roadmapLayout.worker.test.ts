import { serialize } from 'node:v8';
import { MessageChannel } from 'node:worker_threads';
import * as Comlink from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { makeEpic } from '../src/core/layout/epicFixtures.ts';
import { newerSnapshot } from '../src/core/layout/snapshot.ts';
import type { CalendarDate } from '../src/core/time/calendarDate.ts';
import { zoomForPreset } from '../src/core/time/continuousScale.ts';
import { roadmapLayoutWorker as worker } from './roadmapLayout.worker.ts';
import type { LayoutSnapshot, LayoutViewport, RoadmapLayoutApi, ViewSpec } from './roadmapLayoutApi.ts';

const view: ViewSpec = {
  timeframe: { rangeType: 'THREE_YEARS', presetType: 'QUARTERS', today: '2020-07-06' as CalendarDate },
  scale: { kind: 'preset' },
  sortedBy: 'start_date_asc',
  progressTracking: 'WEIGHT',
  currentGroupId: 1,
  singleEpicIid: false,
};
const viewport: LayoutViewport = { scrollTop: 0, height: 1500, scrollLeft: 0, width: 1600 };

function epics(count: number, from = 1) {
  return Array.from({ length: count }, (_, i) => {
    const id = from + i;
    const month = String((id % 12) + 1).padStart(2, '0');
    return makeEpic({
      id,
      title: `Roadmap epic number ${id}`,
      startDate: `2020-${month}-01`,
      dueDate: '2021-06-30',
    });
  });
}

/** What structured clone would copy besides the transferred buffer. */
const clonedBytes = (value: unknown) => serialize(value).byteLength;
const withoutBuffers = (snapshot: LayoutSnapshot) => {
  const { buffer: _buffer, rows: _rows, header, ...rest } = snapshot;
  const {
    x: _x,
    width: _w,
    startDay: _s,
    endDay: _e,
    state: _st,
    subX: _sx,
    subDay: _sd,
    subState: _ss,
    ...headerRest
  } = header;
  return { ...rest, header: headerRest };
};

afterEach(() => worker.dispose());

describe('the roadmap layout worker', () => {
  it('answers every request with the epoch it was asked with', () => {
    worker.init(view);
    expect(worker.update(1, { upsert: epics(10) }, viewport).epoch).toBe(1);
    expect(worker.layout(5, viewport).epoch).toBe(5);
    expect(worker.layout(3, viewport).epoch).toBe(3);
  });

  it('lets the page keep the newest snapshot and drop a stale one', () => {
    worker.init(view);
    const older = worker.layout(1, viewport);
    const newer = worker.layout(2, viewport);
    expect(newerSnapshot(null, older)).toBe(older);
    expect(newerSnapshot(newer, older)).toBe(newer);
    expect(newerSnapshot(older, newer)).toBe(newer);
  });

  it('keeps epics resident and takes changes by id', () => {
    worker.init(view);
    expect(worker.update(1, { upsert: epics(100) }, viewport).rowCount).toBe(100);
    expect(worker.update(2, { upsert: epics(5, 101) }, viewport).rowCount).toBe(105);
    expect(
      worker.update(3, { upsert: [makeEpic({ id: 7, title: 'Renamed', startDate: '2019-01-01' })] }, viewport)
        .strings[0],
    ).toBe('Renamed');
    const removed = worker.update(4, { remove: [7, 8, 9] }, viewport);
    expect(removed.rowCount).toBe(102);
    expect(Array.from(removed.rows.ids)).not.toContain(7);
    expect(worker.layout(5, viewport).rowCount).toBe(102);
  });

  it('expands and collapses by id', () => {
    worker.init(view);
    worker.update(
      1,
      {
        upsert: [
          makeEpic({ id: 1, startDate: '2020-01-01' }),
          makeEpic({ id: 2, parentId: 1, startDate: '2020-02-01' }),
        ],
      },
      viewport,
    );
    expect(worker.update(2, { expanded: [{ id: 1, expanded: true }] }, viewport).rowCount).toBe(2);
    expect(worker.update(3, { expanded: [{ id: 1, expanded: false }] }, viewport).rowCount).toBe(1);
  });

  it('tells the row of an epic, so the page can scroll a new one into view', () => {
    worker.init(view);
    worker.update(1, { upsert: epics(30) }, viewport);
    // Sorted by start date, equal dates highest id first: 24 and 12 start in January, then 25, 13
    // and 1 in February.
    expect(worker.rowOf(24)).toBe(0);
    expect(worker.rowOf(12)).toBe(1);
    expect(worker.rowOf(1)).toBe(4);
    expect(worker.rowOf(999)).toBe(-1);
  });

  it('zooms by a tiny message and answers a pan or zoom with a small payload', () => {
    worker.init(view);
    worker.update(1, { upsert: epics(10_000) }, viewport);
    const zoom = [
      2,
      { view: { scale: { kind: 'continuous', zoom: zoomForPreset('MONTHS') } } },
      { ...viewport, scrollLeft: 4000 },
    ] as const;
    expect(clonedBytes(zoom)).toBeLessThan(512);
    const zoomed = worker.update(...zoom);
    expect(zoomed.header.unit).toBe('month');
    const panned = worker.layout(3, { ...viewport, scrollTop: 250_000, scrollLeft: 5000 });
    expect(panned.firstRow).toBeGreaterThan(4900);
    for (const snapshot of [zoomed, panned]) {
      expect(clonedBytes(withoutBuffers(snapshot))).toBeLessThan(10 * 1024);
    }
  });

  it('refuses to lay out before init', () => {
    expect(() => worker.layout(1, viewport)).toThrow('before init');
  });

  it('transfers the snapshot buffer through Comlink instead of copying it', async () => {
    const { port1, port2 } = new MessageChannel();
    let sent: LayoutSnapshot | null = null;
    const spy: RoadmapLayoutApi = {
      ...worker,
      layout: (epoch, request) => {
        sent = worker.layout(epoch, request);
        return sent;
      },
    };
    Comlink.expose(spy, port1 as unknown as Comlink.Endpoint);
    const remote = Comlink.wrap<RoadmapLayoutApi>(port2 as unknown as Comlink.Endpoint);
    try {
      await remote.init(view);
      await remote.update(1, { upsert: epics(50) }, viewport);
      const received = await remote.layout(2, viewport);
      expect(received.epoch).toBe(2);
      expect(received.count).toBe(50);
      expect(Array.from(received.rows.ids).slice(0, 3)).toHaveLength(3);
      expect(sent!.buffer.byteLength).toBe(0);
    } finally {
      remote[Comlink.releaseProxy]();
      port1.close();
      port2.close();
    }
  });
});

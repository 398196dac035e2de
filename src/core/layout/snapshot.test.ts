import { describe, expect, it } from 'vitest';
import { allocateSnapshotArrays } from './snapshot.ts';

describe('allocateSnapshotArrays', () => {
  it('sizes row views by rows, header views by columns and sub-label views by sub-labels', () => {
    const { rows, header } = allocateSnapshotArrays({ rows: 3, columns: 5, subLabels: 7 });
    for (const view of Object.values(rows)) expect(view.length).toBe(3);
    expect(
      [header.x, header.width, header.startDay, header.endDay, header.state].map((v) => v.length),
    ).toEqual([5, 5, 5, 5, 5]);
    expect([header.subX, header.subDay, header.subState].map((v) => v.length)).toEqual([7, 7, 7]);
  });

  it('puts every view on the one buffer, without two views sharing a byte', () => {
    const { buffer, rows, header, arrows } = allocateSnapshotArrays({
      rows: 3,
      columns: 5,
      subLabels: 7,
      arrows: 2,
    });
    const { count, ...arrowViews } = arrows;
    expect(count).toBe(2);
    expect(arrows.points.length).toBe(2 * 12);
    const views = [...Object.values(rows), ...Object.values(header), ...Object.values(arrowViews)];
    for (const view of views) expect(view.buffer).toBe(buffer);
    const spans = views.map((view) => [view.byteOffset, view.byteOffset + view.byteLength] as const);
    spans.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < spans.length; i += 1) expect(spans[i]![0]).toBeGreaterThanOrEqual(spans[i - 1]![1]);
    expect(spans.at(-1)![1]).toBe(buffer.byteLength);
  });
});

import { describe, expect, it } from 'vitest';
import { allocateTreeArrays } from './treeSnapshot.ts';

describe('allocateTreeArrays', () => {
  it('sizes entry views by entries and label views by labels', () => {
    const { entries, labels } = allocateTreeArrays(3, 5);
    for (const view of Object.values(entries)) expect(view.length).toBe(3);
    for (const view of Object.values(labels)) expect(view.length).toBe(5);
  });

  it('puts every view on the one buffer, without two views sharing a byte', () => {
    const { buffer, entries, labels } = allocateTreeArrays(3, 5);
    const views = [...Object.values(entries), ...Object.values(labels)];
    for (const view of views) expect(view.buffer).toBe(buffer);
    const spans = views.map((view) => [view.byteOffset, view.byteOffset + view.byteLength] as const);
    spans.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < spans.length; i += 1) expect(spans[i]![0]).toBeGreaterThanOrEqual(spans[i - 1]![1]);
    expect(spans.at(-1)![1]).toBe(buffer.byteLength);
  });
});

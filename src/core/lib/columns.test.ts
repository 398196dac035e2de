import { describe, expect, expectTypeOf, it } from 'vitest';
import { allocateColumns, columnsByteLength, viewColumns } from './columns.ts';

const mixedSchema = (n: number, m: number) =>
  ({
    flags: [Uint8Array, n],
    x: [Float32Array, n],
    total: [Float64Array, n],
    kind: [Uint16Array, m],
    id: [Uint32Array, m],
    weight: [Float64Array, m],
    color: [Int32Array, n],
  }) as const;

describe('allocateColumns', () => {
  it('gives each column its own type and length, all on one buffer', () => {
    const { buffer, columns } = allocateColumns(mixedSchema(3, 2));
    expect(columns.flags).toBeInstanceOf(Uint8Array);
    expect(columns.x).toBeInstanceOf(Float32Array);
    expect(columns.total).toBeInstanceOf(Float64Array);
    expect(columns.kind).toBeInstanceOf(Uint16Array);
    expect(columns.color).toBeInstanceOf(Int32Array);
    expect(columns.id.length).toBe(2);
    expect(columns.total.length).toBe(3);
    for (const column of Object.values(columns)) expect(column.buffer).toBe(buffer);
  });

  it('types each view as the array type its column names (checked by tsc)', () => {
    const { columns } = allocateColumns({ a: [Float64Array, 1], b: [Uint16Array, 1] });
    expectTypeOf(columns.a).toEqualTypeOf<Float64Array<ArrayBuffer>>();
    expectTypeOf(columns.b).toEqualTypeOf<Uint16Array<ArrayBuffer>>();
    expectTypeOf(columns).not.toHaveProperty('c');
  });

  it('sizes the buffer to the sum of the columns, with no padding', () => {
    const { buffer } = allocateColumns(mixedSchema(3, 2));
    expect(buffer.byteLength).toBe(3 * (1 + 4 + 8 + 4) + 2 * (2 + 4 + 8));
    expect(columnsByteLength(mixedSchema(3, 2))).toBe(buffer.byteLength);
  });

  it('aligns every column to its element width, whatever order the schema lists them in', () => {
    // Odd lengths put a narrow column's end off any wider boundary.
    const { columns } = allocateColumns(mixedSchema(5, 3));
    for (const column of Object.values(columns)) {
      expect(column.byteOffset % column.BYTES_PER_ELEMENT).toBe(0);
    }
  });

  it('never lets two columns overlap', () => {
    const { buffer, columns } = allocateColumns(mixedSchema(5, 3));
    const spans = Object.values(columns)
      .map((column) => [column.byteOffset, column.byteOffset + column.byteLength] as const)
      .sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < spans.length; i += 1) expect(spans[i]![0]).toBeGreaterThanOrEqual(spans[i - 1]![1]);
    expect(spans.at(-1)![1]).toBe(buffer.byteLength);
  });

  it('makes empty views for zero-length columns, and an empty buffer when all are empty', () => {
    const { buffer, columns } = allocateColumns(mixedSchema(0, 2));
    expect(columns.flags.length).toBe(0);
    expect(columns.total.length).toBe(0);
    expect(columns.weight.length).toBe(2);
    expect(buffer.byteLength).toBe(2 * (2 + 4 + 8));
    const empty = allocateColumns(mixedSchema(0, 0));
    expect(empty.buffer.byteLength).toBe(0);
    expect(empty.columns.id.length).toBe(0);
  });

  it('starts zero-filled, and a write to one column leaves the others alone', () => {
    const { columns } = allocateColumns(mixedSchema(2, 2));
    columns.x.fill(-1);
    columns.total[1] = Number.NaN;
    expect([...columns.flags]).toEqual([0, 0]);
    expect([...columns.weight]).toEqual([0, 0]);
    expect([...columns.color]).toEqual([0, 0]);
    expect([...columns.x]).toEqual([-1, -1]);
  });

  it('rejects a length that is not a whole number of elements', () => {
    expect(() => allocateColumns({ a: [Int32Array, -1] })).toThrow(/column a has length -1/);
    expect(() => allocateColumns({ a: [Int32Array, 1.5] })).toThrow(/column a has length 1.5/);
  });

  it('rejects an element width it cannot align', () => {
    class Rgb extends Uint8Array {
      static override readonly BYTES_PER_ELEMENT = 3;
    }
    expect(() => allocateColumns({ a: [Float32Array, 1], rgb: [Rgb, 1] })).toThrow(/element width/);
  });
});

describe('viewColumns', () => {
  it('sees the values written through allocateColumns in a buffer that crossed a worker boundary', () => {
    const schema = mixedSchema(3, 2);
    const { buffer, columns } = allocateColumns(schema);
    columns.flags.set([1, 2, 255]);
    columns.x.set([0.5, -2.25, 1e6]);
    columns.total.set([Number.NaN, 1 / 3, -0]);
    columns.kind.set([7, 65535]);
    columns.id.set([4294967295, 1]);
    columns.weight.set([Number.POSITIVE_INFINITY, 2.5]);
    columns.color.set([-1, 0x1068bf, 0]);
    const received = structuredClone(buffer, { transfer: [buffer] });
    expect(buffer.byteLength).toBe(0);

    const seen = viewColumns(schema, received);
    expect([...seen.flags]).toEqual([1, 2, 255]);
    expect([...seen.x]).toEqual([0.5, -2.25, 1e6]);
    expect([...seen.total]).toEqual([Number.NaN, 1 / 3, -0]);
    expect([...seen.kind]).toEqual([7, 65535]);
    expect([...seen.id]).toEqual([4294967295, 1]);
    expect([...seen.weight]).toEqual([Number.POSITIVE_INFINITY, 2.5]);
    expect([...seen.color]).toEqual([-1, 0x1068bf, 0]);
    for (const column of Object.values(seen)) expect(column.buffer).toBe(received);
  });

  it('rejects a buffer too small for the schema', () => {
    expect(() => viewColumns({ a: [Float64Array, 2] }, new ArrayBuffer(15))).toThrow(
      /columns need 16 bytes; the buffer has 15/,
    );
  });
});

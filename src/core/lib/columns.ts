/**
 * Columnar tables in one ArrayBuffer: the shape of the layout snapshots a worker transfers. A schema
 * names each column with its typed-array type and length; the byte layout follows from the schema
 * alone, so the side that receives the buffer can view it again from the same schema.
 */
import { assert } from './assert.ts';
import type { NumberArray } from './typedArrays.ts';

/** A typed-array constructor a column can be made of. */
export interface ColumnType<A extends NumberArray = NumberArray> {
  new (buffer: ArrayBuffer, byteOffset: number, length: number): A;
  readonly BYTES_PER_ELEMENT: number;
}

/** A column's element type and its number of elements. */
export type ColumnSpec = readonly [type: ColumnType, length: number];

export type ColumnSchema = { readonly [name: string]: ColumnSpec };

/** One view per column of `S`, keyed by column name, each of its column's own array type. */
export type Columns<S extends ColumnSchema> = {
  readonly [K in keyof S]: S[K][0] extends ColumnType<infer A> ? A : never;
};

/**
 * Element widths from widest to narrowest. Placing the columns in this order keeps every offset a
 * multiple of its column's width with no padding, whatever order the schema lists them in.
 */
const WIDTHS = [8, 4, 2, 1] as const;

/** Bytes a buffer needs to hold the columns of `schema`. */
export function columnsByteLength(schema: ColumnSchema): number {
  let bytes = 0;
  for (const name in schema) {
    const spec = schema[name]!;
    assert(Number.isInteger(spec[1]) && spec[1] >= 0, `column ${name} has length ${spec[1]}`);
    bytes += spec[0].BYTES_PER_ELEMENT * spec[1];
  }
  return bytes;
}

/** A new buffer of exactly the columns' size, and the columns viewing it (zero-filled). */
export function allocateColumns<S extends ColumnSchema>(
  schema: S,
): { readonly buffer: ArrayBuffer; readonly columns: Columns<S> } {
  const bytes = columnsByteLength(schema);
  const buffer = new ArrayBuffer(bytes);
  return { buffer, columns: placeColumns(schema, buffer, bytes) };
}

/**
 * Views on a buffer laid out by `allocateColumns` with the same schema (same names in the same
 * order, same types and lengths), e.g. one that arrived from a worker.
 */
export function viewColumns<S extends ColumnSchema>(schema: S, buffer: ArrayBuffer): Columns<S> {
  const bytes = columnsByteLength(schema);
  assert(buffer.byteLength >= bytes, `columns need ${bytes} bytes; the buffer has ${buffer.byteLength}`);
  return placeColumns(schema, buffer, bytes);
}

function placeColumns<S extends ColumnSchema>(schema: S, buffer: ArrayBuffer, bytes: number): Columns<S> {
  // Overwriting a copy of the schema keeps V8's fast properties for the callers' hot loops; a
  // record filled name by name from `{}` turns into a dictionary past a dozen or so keys.
  const columns: Record<string, unknown> = { ...schema };
  let offset = 0;
  for (const width of WIDTHS) {
    for (const name in schema) {
      const spec = schema[name]!;
      if (spec[0].BYTES_PER_ELEMENT !== width) continue;
      columns[name] = new spec[0](buffer, offset, spec[1]);
      offset += width * spec[1];
    }
  }
  // Short only if a column's width is none of WIDTHS, so it was never placed.
  assert(offset === bytes, 'a column has an element width other than 8, 4, 2 or 1 bytes');
  return columns as Columns<S>;
}

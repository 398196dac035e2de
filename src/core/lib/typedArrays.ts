/** A typed array of numbers: what the layout stores keep their columns in. */
export type NumberArray =
  | Float64Array
  | Float32Array
  | Int32Array
  | Uint32Array
  | Int16Array
  | Uint16Array
  | Int8Array
  | Uint8Array;

/**
 * A new array of the same type with room for `capacity` elements, holding `array`'s elements first
 * (zeros after them): how the stores grow their columns. `capacity` is at least `array.length`.
 */
export function grownArray<T extends NumberArray>(array: T, capacity: number): T {
  const next = new (array.constructor as new (length: number) => T)(capacity);
  next.set(array);
  return next;
}

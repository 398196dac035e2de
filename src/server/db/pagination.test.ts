import { describe, expect, it } from 'vitest';
import {
  type CursorKeyType,
  decodeCursor,
  encodeCursor,
  InvalidCursorError,
  type KeysetOrder,
} from './pagination.ts';

const orderOf = (cursorKey: string, keyType: CursorKeyType): KeysetOrder => ({
  column: `epics.${cursorKey}`,
  cursorKey,
  direction: 'asc',
  idColumn: 'epics.id',
  idDirection: 'asc',
  keyType,
});
const raw = (values: unknown) => Buffer.from(JSON.stringify(values)).toString('base64');

describe('decodeCursor', () => {
  it.each([
    [orderOf('start_date', 'date'), '2024-02-29'],
    [orderOf('created_at', 'timestamp'), new Date('2024-01-31T12:30:00.123Z')],
    [orderOf('title', 'text'), 'Anything at all'],
    [orderOf('relative_position', 'integer'), -500],
    [orderOf('due_date', 'date'), null],
  ])('reads back what encodeCursor wrote (%#)', (order, key) => {
    const decoded = decodeCursor(order, encodeCursor(order, { key, id: 42 }));
    expect(decoded).toEqual({ key: key instanceof Date ? key.toISOString() : key, id: 42 });
  });

  it.each([
    ['date', { start_date: '2024-13-45', id: '1' }],
    ['date', { start_date: '2023-02-29', id: '1' }],
    ['date', { start_date: 20240101, id: '1' }],
    ['timestamp', { start_date: 'yesterday', id: '1' }],
    ['timestamp', { start_date: '2024-01-01T24:61:00Z', id: '1' }],
    ['text', { start_date: ['a'], id: '1' }],
    ['integer', { start_date: 1.5, id: '1' }],
    ['integer', { start_date: 3_000_000_000, id: '1' }],
    ['text', { start_date: 'a', id: '3000000000' }],
    ['text', { start_date: 'a', id: '-1' }],
    ['text', { start_date: 'a', id: true }],
    ['text', { start_date: 'a' }],
    ['text', 'just a string'],
  ] as const)('refuses a %s cursor holding %j', (keyType, values) => {
    expect(() => decodeCursor(orderOf('start_date', keyType), raw(values))).toThrow(InvalidCursorError);
  });

  it('refuses text that is not base64 JSON', () => {
    expect(() => decodeCursor(orderOf('title', 'text'), '%%%')).toThrow(InvalidCursorError);
  });
});

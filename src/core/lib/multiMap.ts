/**
 * Appends `value` to the list kept under `key`, creating the list on first use. Batch loaders group
 * a thousand keys at a time: copying the list on every append (`[...(map.get(key) ?? []), value]`)
 * made that grouping quadratic, and its garbage a large share of a 'Load all' page's time.
 */
export function appendTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

// The get-or-create of the domain's maps (indexes, groups, per-key lists).

/** The value of `key`, set to `make()` first when there is none. */
export function getOrSet<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
}

// A list answer that has not been built yet: its size, and any page of it built on demand.

export interface Listing<T> {
  /** How many rows the whole list has. */
  readonly total: number;
  /** The rows at positions [offset, offset + limit), each built only now. */
  page(offset: number, limit: number): T[];
}

/** Rows at hand: an array, or a sorted list (which counts its `size`). */
type Rows<R> = { slice(from: number, to: number): R[] } & ({ readonly length: number } | { readonly size: number });

/** A listing over rows at hand; `view` (when given) is applied to the rows of a page only. */
export function listingOf<R, T = R>(rows: Rows<R>, view = (row: R) => row as unknown as T): Listing<T> {
  return mappedListing('size' in rows ? rows.size : rows.length, (offset, limit) => rows.slice(offset, offset + limit), view);
}

/** A listing of keys (ids, entries) found a page at a time, each page's keys mapped to their views. */
export function mappedListing<K, T>(total: number, keys: (offset: number, limit: number) => K[], view: (key: K) => T): Listing<T> {
  return { total, page: (offset, limit) => (offset >= total || limit <= 0 ? [] : keys(offset, limit).map(view)) };
}

/** The rows at [offset, offset + limit) of parts read one after another, `size(part)` rows each. */
export function pageOfParts<P, T>(
  parts: readonly P[],
  size: (part: P) => number,
  rows: (part: P, from: number, to: number) => T[],
  offset: number,
  limit: number,
): T[] {
  const out: T[] = [];
  let skip = offset;
  for (const part of parts) {
    if (out.length >= limit) break;
    const n = size(part);
    if (skip >= n) {
      skip -= n;
      continue;
    }
    out.push(...rows(part, skip, Math.min(n, skip + limit - out.length)));
    skip = 0;
  }
  return out;
}

/** Every row of a listing (for answers that are not paged). */
export function allOf<T>(listing: Listing<T>): T[] {
  return listing.page(0, listing.total);
}

// Pagination: `limit` and `page` (text), page 1-based, limit 1..1000 (default 100); 19 otherwise.
import { readInOrder, withDefault, type Values } from './field.js';
import { optUint } from './kinds.js';
import { listingOf, type Listing } from '../../domain/values/listing.js';

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

export const PAGE_FIELDS = {
  limit: withDefault(optUint({ min: 1n, below: BigInt(MAX_LIMIT) + 1n }), DEFAULT_LIMIT, Number, `1..${MAX_LIMIT}`, String(DEFAULT_LIMIT)),
  page: withDefault(optUint({ min: 1n, below: 1n << 31n }), 1, Number, '1-based', '1'),
} as const;

export type Page = Values<typeof PAGE_FIELDS>;

/** The explorer's spelling (reddio-scan sends `page` and `perPage`): the same bounds as limit and page. */
export const PER_PAGE_FIELDS = {
  page: PAGE_FIELDS.page,
  perPage: withDefault(
    optUint({ min: 1n, below: BigInt(MAX_LIMIT) + 1n }),
    DEFAULT_LIMIT,
    Number,
    `1..${MAX_LIMIT}`,
    String(DEFAULT_LIMIT),
  ),
} as const;

/** Reads page, then perPage, as a Page. */
export function perPageOf(q: Values<typeof PER_PAGE_FIELDS>): Page {
  const { page, perPage } = readInOrder(q, PER_PAGE_FIELDS);
  return { page, limit: perPage };
}

/** Reads limit, then page (the declared order), as the pagination parser always has. */
export const pageOf = (q: Page): Page => readInOrder(q, PAGE_FIELDS);

/** A page of `rows`; a Listing builds only the rows of the page (its total comes from its index). */
export function paginate<T>(rows: readonly T[] | Listing<T>, p: Page) {
  const listing = Array.isArray(rows) ? listingOf(rows as readonly T[]) : (rows as Listing<T>);
  const start = (p.page - 1) * p.limit;
  const total = listing.total;
  return {
    list: listing.page(start, p.limit),
    total,
    current_page: p.page,
    page_size: p.limit,
    total_page: Math.ceil(total / p.limit),
  };
}

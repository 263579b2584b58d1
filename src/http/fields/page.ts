// Pagination: `limit` and `page` (text), page 1-based, limit 1..1000 (default 100); 19 otherwise.
import * as v from 'valibot';
import { fieldOf, optional, readInOrder, type Field, type Values } from './field.js';
import { uint } from './kinds.js';
import { listingOf, type Listing } from '../../domain/values/listing.js';

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

/** An optional positive integer read as a number, `fallback` when absent. */
function count(below: bigint, fallback: number, description: string): Field<number> {
  const f = optional(uint({ min: 1n, below }));
  const orDefault = v.transform((n: bigint | undefined) => (n === undefined ? fallback : Number(n)));
  return fieldOf(v.pipe(f.json, orDefault), f.refusals, {
    text: v.pipe(f.text, v.metadata({ default: String(fallback) }), orDefault),
    description,
  });
}

export const PAGE_FIELDS = {
  limit: count(BigInt(MAX_LIMIT) + 1n, DEFAULT_LIMIT, `1..${MAX_LIMIT}`),
  page: count(1n << 31n, 1, '1-based'),
} as const;

export type Page = Values<typeof PAGE_FIELDS>;

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

// Response shapes shared by several route declarations, loosely: the fields clients look for, not every field.
import type { Schema } from './spec.js';

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const strOrNull = { type: ['string', 'null'] } as const;

/** Properties all given as one type, for brevity. */
function props(type: Schema, ...names: string[]): Record<string, Schema> {
  return Object.fromEntries(names.map((n) => [n, type]));
}

export const SEQUENCE_ID: Schema = { type: 'object', properties: { sequence_id: int }, required: ['sequence_id'] };

export const MESSAGE: Schema = { type: 'object', properties: { message: str } };

/** `{list, total, current_page, page_size, total_page}` of `item`. */
export function PAGED(item: Schema): Schema {
  return { type: 'object', properties: { list: { type: 'array', items: item }, ...props(int, 'total', 'current_page', 'page_size', 'total_page') } };
}

/** `{list, total}` of `item`. */
export function LISTED(item: Schema): Schema {
  return { type: 'object', properties: { list: { type: 'array', items: item }, total: int } };
}

export const BALANCE: Schema = {
  type: 'object',
  properties: { ...props(str, 'asset_id', 'contract_address', 'type', 'symbol', 'display_value', 'display_frozen', 'token_id', 'base_uri'), ...props(int, 'balance_available', 'balance_frozen', 'decimals', 'quantum') },
};

export const CONTRACT_INFO: Schema = {
  type: 'object',
  properties: {
    ...props(str, 'contract_address', 'type', 'quantum', 'total_supply', 'asset_type', 'asset_info', 'symbol', 'contract_uuid'),
    ...props(strOrNull, 'name', 'metadata_url', 'description', 'image_url', 'external_link', 'banner_image_url'),
    ...props(int, 'count', 'decimals'),
  },
};

export const ORDER: Schema = {
  type: 'object',
  properties: { order_id: int, direction: int, symbol: { type: 'object' }, ...props(str, 'stark_key', 'price', 'amount', 'un_filled', 'fee_rate', 'token_type', 'token_id', 'display_price') },
};

export const RECORD: Schema = {
  type: 'object',
  properties: { ...props(int, 'record_type', 'sequence_id', 'status', 'time'), ...props(str, 'amount', 'stark_key', 'token_id'), order: { type: 'object' } },
};

export const NFT: Schema = { type: 'object', properties: { ...props(str, 'token_id', 'contract_address', 'owner', 'symbol', 'asset_id'), order: { type: ['object', 'null'] } } };

export const STATE_HASH: Schema = { type: 'object', properties: { state_hash: str } };

export const FAULT: Schema = {
  type: 'object',
  properties: { ...props(str, 'id', 'path', 'seed', 'message'), method: strOrNull, ...props(int, 'nth', 'count', 'latency_ms', 'seen', 'fired'), error_code: { type: ['integer', 'null'] }, probability: { type: ['number', 'null'] } },
};

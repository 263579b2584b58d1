// The FAILED envelope in the document: every refusal of every route, its error_code named from the table.
import { ErrorCode } from '../../domain/values/errors.js';
import type { Schema } from './json-schema.js';

/** `error_code`: one of the real service's codes, each with its name (0 never appears in a refusal). */
const ERROR_CODE: Schema = {
  description: "The real service's error table",
  oneOf: Object.entries(ErrorCode)
    .filter(([, code]) => code !== 0)
    .map(([name, code]) => ({ const: code, title: name })),
};

export const FAILED: Schema = {
  type: 'object',
  description: 'A refusal: nothing was applied',
  required: ['status', 'data', 'error', 'error_code'],
  additionalProperties: false,
  properties: {
    status: { const: 'FAILED' },
    data: { type: 'null' },
    error: { type: 'string', description: 'names the field and the reason' },
    error_code: ERROR_CODE,
  },
};

export const FAILED_REF: Schema = { $ref: '#/components/schemas/Failed' };

/** What each route-specific status means. */
export const STATUS_REFUSALS = {
  400: 'A malformed path (not a CID, bad percent-encoding)',
  401: 'Missing or unknown x-api-key (code 32)',
  404: 'Nothing stored at that path',
  413: "The body is larger than the limit (or an upload passes the project's storage quota)",
  429: 'Too many event streams open at once',
  503: 'The disk failed while storing (code 500); nothing was stored',
  507: 'The disk is full (code 500); nothing was stored',
  '5XX': 'SystemError (code 500): a fault injected with POST /_devnet/faults, or an emulator bug (never an answer to bad input)',
} as const;

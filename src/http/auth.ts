// API keys: `x-api-key` (any case), an empty header counts as absent; refusals answer 401 with code 32.
import type { Context } from 'hono';
import type { Devnet } from '../devnet.js';
import { DevnetError } from '../domain/values/errors.js';

export function apiKey(c: Context, devnet: Devnet): string {
  try {
    return devnet.checkApiKey(c.req.header('x-api-key'));
  } catch (e) {
    if (e instanceof DevnetError) throw new DevnetError(e.code, e.message, 401);
    throw e;
  }
}

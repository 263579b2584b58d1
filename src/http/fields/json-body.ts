// The JSON object body of a POST: anything else fails with 401 FailedToJSONUnmarshal.
import { DevnetError, ErrorCode } from '../../domain/values/errors.js';

export function parseJsonObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new DevnetError(ErrorCode.FailedToJSONUnmarshal, `request body is not valid JSON: ${(e as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new DevnetError(ErrorCode.FailedToJSONUnmarshal, 'request body must be a JSON object');
  }
  return value as Record<string, unknown>;
}

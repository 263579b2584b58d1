// JSON Schema fragments of the document: valibot schemas converted (input side, draft 2020-12).
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

export type Schema = { [key: string]: unknown };

const CONVERT = { typeMode: 'input', target: 'draft-2020-12', errorMode: 'ignore' } as const;

/** A valibot schema as a JSON Schema fragment (no `$schema`: the document's dialect is 2020-12). */
export function jsonSchemaOf(schema: v.GenericSchema): Schema {
  const { $schema: _dialect, ...rest } = toJsonSchema(schema, CONVERT) as Schema;
  return rest;
}

// JSON Schema fragments of the document: valibot schemas converted (input side, draft 2020-12),
// with tuples written as arrays of fixed length (Prism and most generators do not read `prefixItems`).
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

export type Schema = { [key: string]: unknown };

const CONVERT = { typeMode: 'input', target: 'draft-2020-12', errorMode: 'ignore' } as const;

/** A valibot schema as a JSON Schema fragment (no `$schema`: the document's dialect is 2020-12). */
export function jsonSchemaOf(schema: v.GenericSchema): Schema {
  const { $schema: _dialect, ...rest } = toJsonSchema(schema, CONVERT) as Schema;
  return withoutTuples(rest) as Schema;
}

/**
 * `{prefixItems: [a, b], items: false}` -> `{items: a|b, minItems: 2, maxItems: 2}`: what each
 * position holds is said in the array's description instead, where the tools read it.
 */
function withoutTuples(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutTuples);
  if (node === null || typeof node !== 'object') return node;
  const out = Object.fromEntries(Object.entries(node).map(([k, x]) => [k, withoutTuples(x)])) as Schema;
  const { prefixItems, items, ...rest } = out;
  if (!Array.isArray(prefixItems)) return out;
  const distinct = [...new Map(prefixItems.map((p) => [JSON.stringify(p), p as Schema])).values()];
  const positions = prefixItems.map((p: Schema, i) => `[${i}] ${p.description ?? p.title ?? p.type ?? 'any'}`).join(', ');
  return {
    ...rest,
    items: distinct.length === 1 ? distinct[0] : { anyOf: distinct },
    minItems: prefixItems.length,
    ...(items === false ? { maxItems: prefixItems.length } : {}),
    description: rest.description === undefined ? positions : `${rest.description as string}: ${positions}`,
  };
}

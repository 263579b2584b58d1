// The namespaces' control routes: list them, delete one. Which namespace a request goes to is decided
// before any app sees it (see namespace.ts and src/emulator/namespaces.ts); these only read and change the registry.
import * as v from 'valibot';
import { DevnetError, ErrorCode } from '../../domain/values/errors.js';
import { fieldOf, show, type Field } from '../fields/field.js';
import {
  DEFAULT_NAMESPACE,
  MAX_NAMESPACE_LENGTH,
  NAMESPACE_HEADER,
  NAMESPACE_LISTING,
  NAMESPACE_NAME,
  NAMESPACE_NAME_STATUS,
  namespaceOf,
} from '../namespace.js';
import type { NamespaceDirectory } from '../namespace.js';
import { text } from '../../domain/values/wire.js';
import { RouteGroup } from '../route.js';

/** A namespace name as a path parameter (the same rule as the /ns/{name} prefix). */
const NAME: Field<string> = fieldOf(
  v.pipe(v.string('namespace'), v.maxLength(MAX_NAMESPACE_LENGTH, 'namespace'), v.regex(NAMESPACE_NAME, 'namespace')),
  {
    namespace: (name, value) =>
      new DevnetError(
        ErrorCode.InvalidParam,
        `${name} must be a namespace name (1 to ${MAX_NAMESPACE_LENGTH} of a-z, 0-9, "-", "_", starting with a letter or digit), got ${show(value)}`,
        NAMESPACE_NAME_STATUS,
      ),
  },
  { required: true, description: `1 to ${MAX_NAMESPACE_LENGTH} of a-z, 0-9, "-", "_", starting with a letter or digit` },
);

export function namespaceRoutes(directory: NamespaceDirectory): RouteGroup {
  return new RouteGroup({ tag: 'namespaces', reply: 'plain' })
    .add('GET', '/_devnet/namespaces', {
      response: v.strictObject({ current: text('the namespace this request went to'), ...NAMESPACE_LISTING }),
      summary: 'Every namespace of this emulator, the one this request went to, the cap and the idle TTL',
      description: `A namespace is a whole devnet (state, clock, snapshots, faults, events), chosen per request by the path prefix /ns/{name}/ or the ${NAMESPACE_HEADER} header and created on first use; unprefixed requests go to "${DEFAULT_NAMESPACE}".`,
      handle: ({ c }) => ({ current: namespaceOf(c.req.raw), ...directory.list() }),
    })
    .add('DELETE', '/_devnet/namespaces/:name', {
      response: v.strictObject({ deleted: text('the namespace deleted, with its state') }),
      refusals: [400, 404],
      summary: 'Deletes a namespace: its state, and with --state its directory (the next request to it starts from the genesis)',
      description: `"${DEFAULT_NAMESPACE}" cannot be deleted (POST /_devnet/reset empties it): 400. An unknown name: 404.`,
      params: { name: NAME },
      handle: ({ params: { name } }) => {
        directory.remove(name);
        return { deleted: name };
      },
    });
}

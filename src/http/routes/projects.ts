// Projects and contracts of the caller's API key: /v1/project*, /v1/project/contract, /v1/project/remove_contract.
import * as v from 'valibot';
import type { Devnet } from '../../core/devnet.js';
import { parseTokenType } from '../../domain/catalog/contracts.js';
import type { TokenType } from '../../domain/state/state.js';
import { ErrorCode } from '../../domain/values/errors.js';
import { fieldOf, refuse, show, type Field } from '../fields/field.js';
import { name, optFreeText, optName, optUint, optUrl, text } from '../fields/kinds.js';
import { PROJECT } from '../../domain/catalog/views.js';
import { defaultBaseUri } from '../../domain/catalog/metadata.js';
import { namespacedOrigin } from '../namespace.js';
import { message, uuid as uuidText } from '../../domain/values/wire.js';
import { RouteGroup } from '../route.js';

const CONTRACT_TYPE_TEXT = text({ code: ErrorCode.NoSuchContractType });
/** ERC20, ERC721, ERC721M (MINTABLE_ERC721 too) or ERC721MC, in any case; 28 otherwise. */
const CONTRACT_TYPE: Field<Exclude<TokenType, 'ETH'>> = fieldOf(
  v.pipe(
    CONTRACT_TYPE_TEXT.json,
    v.transform(parseTokenType),
    v.check((type) => type !== undefined && type !== 'ETH', 'unknown'),
    v.transform((type) => type as Exclude<TokenType, 'ETH'>),
  ),
  {
    ...CONTRACT_TYPE_TEXT.refusals,
    unknown: refuse(
      ErrorCode.NoSuchContractType,
      (name, value) => `${name} must be ERC20, ERC721, ERC721M or ERC721MC, got ${show(value)}`,
    ),
  },
  { required: true, description: 'ERC20, ERC721, ERC721M or ERC721MC (any case; MINTABLE_ERC721 means ERC721M)' },
);

const projectName = () => name({ description: 'trimmed, then 1..256 characters' });
const done = (message: string, uuid: string, description: string) =>
  v.strictObject({ message: v.literal(message), [uuid]: uuidText(description) });

export function projectRoutes(devnet: Devnet): RouteGroup {
  const group = new RouteGroup({ tag: 'projects', reply: 'ok', auth: true }, devnet)
    .add('GET', '/v1/project', {
      summary: "The caller's projects with their contracts",
      response: v.array(PROJECT),
      handle: ({ apiKey }) => devnet.projects(apiKey),
    })
    .add('POST', '/v1/project', {
      summary: 'Creates a project',
      body: { project_name: projectName() },
      response: done('Project created.', 'project_uuid', 'the new project'),
      handle: ({ apiKey, body }) => devnet.createProject(apiKey, body.project_name),
    })
    .add('POST', '/v1/project/edit_project', {
      summary: 'Renames a project',
      body: { project_uuid: text(), new_project_name: projectName() },
      response: done('Project edited.', 'project_uuid', 'the project'),
      handle: ({ apiKey, body: b }) => devnet.renameProject(apiKey, b.project_uuid, b.new_project_name),
    })
    .add('POST', '/v1/project/remove_project', {
      summary: 'Removes a project that has no contracts',
      body: { project_uuid: text() },
      response: message('Project removed.'),
      handle: ({ apiKey, body }) => devnet.removeProject(apiKey, body.project_uuid),
    });
  return contractRoutes(group, devnet);
}

/** Registering a contract in a project, and removing it. */
function contractRoutes(group: RouteGroup, devnet: Devnet): RouteGroup {
  return group
    .add('POST', '/v1/project/contract', {
      summary: 'Registers a contract in a project',
      description: 'Order of checks: key (32), project (19), type (28), address (27/19), duplicate (19), then the optional fields (19).',
      body: {
        project_uuid: text(),
        contract_type: CONTRACT_TYPE,
        contract_address: text({ code: ErrorCode.ContractAddressMissing }),
        decimals: optUint({ below: 37n, description: 'emulator-only; ERC20 default 18' }),
        contract_count: optUint({ below: 1n << 63n }),
        name: optName(),
        symbol: optName({ description: 'emulator-only' }),
        base_uri: optUrl({
          description: "emulator-only; default for ERC721 and ERC721M: the emulator's own token JSON, {gateway}/metadata/{address}/",
        }),
        metadata_url: optUrl(),
        description: optFreeText(),
        image_url: optUrl(),
        external_link: optUrl(),
        banner_image_url: optUrl(),
      },
      response: done('Contract created.', 'contract_uuid', 'the new contract'),
      handle: ({ apiKey, body: b, c }) => {
        // Checked in the documented order; the command's fields keep the journal's order.
        const { project_uuid: projectUuid, contract_type: type, contract_address: address, decimals, contract_count: count } = b;
        return devnet.createContract(apiKey, {
          projectUuid,
          address,
          type,
          name: b.name ?? null,
          symbol: b.symbol ?? null,
          decimals: decimals === undefined ? null : Number(decimals),
          count,
          // The gateway is resolved now (the journal keeps the URI, so a replay gives the same).
          baseUri: b.base_uri ?? defaultBaseUri(devnet.storage.gateway(namespacedOrigin(c.req.raw)), type, address),
          metadataUrl: b.metadata_url ?? null,
          description: b.description ?? null,
          imageUrl: b.image_url ?? null,
          externalLink: b.external_link ?? null,
          bannerImageUrl: b.banner_image_url ?? null,
        });
      },
    })
    .add('POST', '/v1/project/remove_contract', {
      summary: 'Removes a contract nothing on L2 ever used',
      body: { contract_uuid: text() },
      response: message('Contract removed.'),
      handle: ({ apiKey, body }) => devnet.removeContract(apiKey, body.contract_uuid),
    });
}

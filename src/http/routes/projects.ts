// Projects and contracts of the caller's API key: /v1/project*, /v1/project/contract, /v1/project/remove_contract.
import * as v from 'valibot';
import type { Devnet } from '../../devnet.js';
import { parseTokenType } from '../../domain/catalog/contracts.js';
import type { TokenType } from '../../domain/state/state.js';
import { ErrorCode } from '../../domain/values/errors.js';
import { fieldOf, refuse } from '../fields/field.js';
import type { Field } from '../fields/field.js';
import { name, optFreeText, optName, optUint, optUrl, text } from '../fields/kinds.js';
import { show } from '../fields/field.js';
import { PROJECT } from '../../domain/catalog/views.js';
import { CONTRACT_CREATED, CONTRACT_REMOVED, PROJECT_CREATED, PROJECT_EDITED, PROJECT_REMOVED } from '../openapi/responses.js';
import { RouteGroup } from '../route.js';

const tag = 'projects';

/** ERC20, ERC721, ERC721M (MINTABLE_ERC721 too) or ERC721MC, in any case; 28 otherwise. */
const CONTRACT_TYPE: Field<Exclude<TokenType, 'ETH'>> = (() => {
  const t = text({ code: ErrorCode.NoSuchContractType });
  const known = (s: string) => {
    const type = parseTokenType(s);
    return type !== undefined && type !== 'ETH';
  };
  return fieldOf(
    v.pipe(
      t.json,
      v.check(known, 'unknown'),
      v.transform((s) => parseTokenType(s) as Exclude<TokenType, 'ETH'>),
    ),
    {
      ...t.refusals,
      unknown: refuse(
        ErrorCode.NoSuchContractType,
        (name, value) => `${name} must be ERC20, ERC721, ERC721M or ERC721MC, got ${show(value)}`,
      ),
    },
    { required: true, description: 'ERC20, ERC721, ERC721M or ERC721MC (any case; MINTABLE_ERC721 means ERC721M)' },
  );
})();

export function projectRoutes(devnet: Devnet): RouteGroup {
  return new RouteGroup(devnet)
    .add(
      {
        method: 'GET',
        path: '/v1/project',
        tag,
        auth: true,
        reply: 'ok',
        summary: "The caller's projects with their contracts",
        response: v.array(PROJECT),
      },
      ({ apiKey }) => devnet.projects(apiKey),
    )
    .add(
      {
        method: 'POST',
        path: '/v1/project',
        tag,
        auth: true,
        reply: 'ok',
        summary: 'Creates a project',
        body: { project_name: name({ description: 'trimmed, then 1..256 characters' }) },
        response: PROJECT_CREATED,
      },
      ({ apiKey, body }) => devnet.createProject(apiKey, body.project_name),
    )
    .add(
      {
        method: 'POST',
        path: '/v1/project/edit_project',
        tag,
        auth: true,
        reply: 'ok',
        summary: 'Renames a project',
        body: { project_uuid: text(), new_project_name: name({ description: 'trimmed, then 1..256 characters' }) },
        response: PROJECT_EDITED,
      },
      ({ apiKey, body: b }) => {
        const uuid = b.project_uuid;
        return devnet.renameProject(apiKey, uuid, b.new_project_name);
      },
    )
    .add(
      {
        method: 'POST',
        path: '/v1/project/remove_project',
        tag,
        auth: true,
        reply: 'ok',
        summary: 'Removes a project that has no contracts',
        body: { project_uuid: text() },
        response: PROJECT_REMOVED,
      },
      ({ apiKey, body }) => devnet.removeProject(apiKey, body.project_uuid),
    )
    .add(
      {
        method: 'POST',
        path: '/v1/project/contract',
        tag,
        auth: true,
        reply: 'ok',
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
          base_uri: optUrl({ description: 'emulator-only' }),
          metadata_url: optUrl(),
          description: optFreeText(),
          image_url: optUrl(),
          external_link: optUrl(),
          banner_image_url: optUrl(),
        },
        response: CONTRACT_CREATED,
      },
      ({ apiKey, body: b }) => {
        const projectUuid = b.project_uuid;
        const type = b.contract_type;
        const address = b.contract_address;
        const decimals = b.decimals === undefined ? undefined : Number(b.decimals);
        const count = b.contract_count;
        return devnet.createContract(apiKey, {
          projectUuid,
          address,
          type,
          name: b.name ?? null,
          symbol: b.symbol ?? null,
          decimals: decimals ?? null,
          ...(count !== undefined ? { count } : {}),
          baseUri: b.base_uri ?? '',
          metadataUrl: b.metadata_url ?? null,
          description: b.description ?? null,
          imageUrl: b.image_url ?? null,
          externalLink: b.external_link ?? null,
          bannerImageUrl: b.banner_image_url ?? null,
        });
      },
    )
    .add(
      {
        method: 'POST',
        path: '/v1/project/remove_contract',
        tag,
        auth: true,
        reply: 'ok',
        summary: 'Removes a contract nothing on L2 ever used',
        body: { contract_uuid: text() },
        response: CONTRACT_REMOVED,
      },
      ({ apiKey, body }) => devnet.removeContract(apiKey, body.contract_uuid),
    );
}

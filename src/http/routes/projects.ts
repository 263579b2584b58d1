// Projects and contracts of the caller's API key: /v1/project*, /v1/project/contract, /v1/project/remove_contract.
import { Hono } from 'hono';
import type { Devnet } from '../../devnet.js';
import { parseTokenType } from '../../domain/contracts.js';
import { ErrorCode, fail } from '../../domain/errors.js';
import { apiKey } from '../auth.js';
import { isMissing, optTextField, textField, uintField } from '../fields.js';
import { body, ok } from '../reply.js';

export function projectRoutes(devnet: Devnet): Hono {
  const r = new Hono();

  r.get('/v1/project', (c) => ok(c, devnet.projects(apiKey(c, devnet))));

  r.post('/v1/project', async (c) => {
    const key = apiKey(c, devnet);
    const b = await body(c);
    return ok(c, devnet.createProject(key, textField(b.project_name, 'project_name')));
  });

  r.post('/v1/project/edit_project', async (c) => {
    const key = apiKey(c, devnet);
    const b = await body(c);
    return ok(c, devnet.renameProject(key, textField(b.project_uuid, 'project_uuid'), textField(b.new_project_name, 'new_project_name')));
  });

  r.post('/v1/project/remove_project', async (c) => {
    const key = apiKey(c, devnet);
    const b = await body(c);
    return ok(c, devnet.removeProject(key, textField(b.project_uuid, 'project_uuid')));
  });

  /** Order of checks: key (32), project (19), type (28), address (27/19), duplicate (19), then the optional fields (19). */
  r.post('/v1/project/contract', async (c) => {
    const key = apiKey(c, devnet);
    const b = await body(c);
    const projectUuid = textField(b.project_uuid, 'project_uuid');
    const typeText = textField(b.contract_type, 'contract_type', ErrorCode.NoSuchContractType);
    const type = parseTokenType(typeText);
    if (!type || type === 'ETH') fail(ErrorCode.NoSuchContractType, `contract_type must be ERC20, ERC721 or ERC721M, got "${typeText}"`);
    const address = textField(b.contract_address, 'contract_address', ErrorCode.ContractAddressMissing);
    const decimals = isMissing(b.decimals) ? undefined : Number(uintField(b.decimals, 'decimals', { below: 37n }));
    const count = isMissing(b.contract_count) ? undefined : uintField(b.contract_count, 'contract_count', { below: 1n << 63n });
    return ok(
      c,
      devnet.createContract(key, {
        projectUuid,
        address,
        type,
        name: optTextField(b.name, 'name') ?? null,
        symbol: optTextField(b.symbol, 'symbol') ?? null,
        decimals: decimals ?? null,
        ...(count !== undefined ? { count } : {}),
        baseUri: optTextField(b.base_uri, 'base_uri') ?? '',
        metadataUrl: optTextField(b.metadata_url, 'metadata_url') ?? null,
        description: optTextField(b.description, 'description') ?? null,
        imageUrl: optTextField(b.image_url, 'image_url') ?? null,
        externalLink: optTextField(b.external_link, 'external_link') ?? null,
        bannerImageUrl: optTextField(b.banner_image_url, 'banner_image_url') ?? null,
      }),
    );
  });

  r.post('/v1/project/remove_contract', async (c) => {
    const key = apiKey(c, devnet);
    const b = await body(c);
    return ok(c, devnet.removeContract(key, textField(b.contract_uuid, 'contract_uuid')));
  });

  return r;
}

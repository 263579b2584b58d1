// Projects and their contracts, scoped to the API key that created them (another key's project is "not found").
import { isoMicros } from '../state/clock.js';
import { buildContract, contractKey, type ContractSpec, registerContract } from './contracts.js';
import { echo, ErrorCode, fail } from '../values/errors.js';
import { nextUuid } from '../state/prng.js';
import type { Contract, Project, State } from '../state/state.js';
import { toHex } from '../values/hex.js';
import { CHAIN_STATUS, type PROJECT, totalSupply } from './views.js';
import type * as v from 'valibot';
import { touch } from '../state/undo.js';

export const MAX_NAME_LENGTH = 256;

function checkName(name: string, field: string): string {
  const trimmed = name.trim();
  if (trimmed === '') fail(ErrorCode.InvalidParam, `${field} must not be empty`);
  if (trimmed.length > MAX_NAME_LENGTH) fail(ErrorCode.InvalidParam, `${field} must be at most ${MAX_NAME_LENGTH} characters`);
  return trimmed;
}

/** The caller's project; another key's project is answered exactly like a missing one (19). */
export function ownProject(state: State, apiKey: string, uuid: string): Project {
  const p = state.projects.get(uuid);
  if (!p || p.owner !== apiKey) fail(ErrorCode.InvalidParam, `project_uuid ${echo(uuid)} is not a project of this API key`);
  return p;
}

export function createProject(state: State, apiKey: string, name: string): Project {
  const project: Project = {
    uuid: nextUuid(state.prng),
    name: checkName(name, 'project_name'),
    owner: apiKey,
    createdAtMicros: state.clock.nowMicros,
    contracts: [],
  };
  state.projects.set(project.uuid, project);
  return project;
}

export function renameProject(state: State, apiKey: string, uuid: string, name: string): Project {
  const checked = checkName(name, 'new_project_name');
  const p = ownProject(state, apiKey, uuid);
  touch(state.undo, p);
  p.name = checked;
  return p;
}

export function removeProject(state: State, apiKey: string, uuid: string): void {
  const p = ownProject(state, apiKey, uuid);
  if (p.contracts.length > 0)
    fail(ErrorCode.InvalidParam, `project ${uuid} still has ${p.contracts.length} contract(s); remove them first`);
  state.projects.delete(uuid);
}

export interface NewContract extends Omit<ContractSpec, 'uuid' | 'projectUuid' | 'owner'> {
  projectUuid: string;
}

/** Registers a contract in one of the caller's projects; at once usable by every other endpoint. */
export function createContract(state: State, apiKey: string, spec: NewContract): Contract {
  const project = ownProject(state, apiKey, spec.projectUuid);
  const existing = state.contracts.get(contractKey(spec.address));
  if (existing)
    fail(
      ErrorCode.InvalidParam,
      `contract_address ${echo(spec.address)} is already registered${existing.removed ? ' (removed from its project, but a registered StarkEx asset cannot be registered again)' : ''}`,
    );
  const contract = buildContract({ ...spec, uuid: '', projectUuid: project.uuid, owner: apiKey }, state.clock.nowMicros);
  // Draw the uuid only once the contract is known to be valid, so a refused call leaves the PRNG alone.
  contract.uuid = nextUuid(state.prng);
  registerContract(state, contract);
  touch(state.undo, project);
  project.contracts = [...project.contracts, contract.key];
  return contract;
}

/**
 * Removes a contract of the caller's (33 for another key's) from its project, used or not: it leaves
 * the project listing, its uuid answers 15 from now on and no key can mint on it (33), while its
 * registered assets, balances, records, contract_info and collection stay (a registered StarkEx
 * asset cannot be unregistered). So a project that was ever used can be emptied and removed.
 */
export function removeContract(state: State, apiKey: string, uuid: string): void {
  const key = state.contractsByUuid.get(uuid);
  const contract = key === undefined ? undefined : state.contracts.get(key);
  if (!contract || contract.owner === null) fail(ErrorCode.NotSuchContract, `contract_uuid ${echo(uuid)} is not a registered contract`);
  if (contract.owner !== apiKey)
    fail(ErrorCode.InvalidOwnerOfContract, `contract ${contract.address} does not belong to this API key's projects`);
  state.contractsByUuid.delete(uuid);
  const project = contract.projectUuid === null ? undefined : state.projects.get(contract.projectUuid);
  if (project) {
    touch(state.undo, project);
    project.contracts = project.contracts.filter((k) => k !== contract.key);
  }
  touch(state.undo, contract);
  contract.removed = true;
  contract.owner = null;
  contract.projectUuid = null;
}

/** A contract as listed inside a project (seed: `count` as a string, `chain_status` pending). */
export function projectContractView(state: State, c: Contract): ProjectView['contracts'][number] {
  return {
    contract_uuid: c.uuid,
    contract_address: c.address,
    type: c.type as Exclude<Contract['type'], 'ETH'>, // ETH is in no project
    count: c.count.toString(),
    description: c.description,
    image_url: c.imageUrl,
    external_link: c.externalLink,
    banner_image_url: c.bannerImageUrl,
    chain_status: CHAIN_STATUS,
    name: c.name,
    decimals: c.decimals,
    symbol: c.symbol,
    quantum: c.quantum.toString(),
    total_supply: totalSupply(state, c).toString(),
    asset_type: toHex(c.assetType),
    asset_info: c.assetInfo,
    metadata_url: c.metadataUrl,
    created_at: isoMicros(c.createdAtMicros),
  };
}

type ProjectView = v.InferOutput<typeof PROJECT>;

export function projectsOf(state: State, apiKey: string): ProjectView[] {
  return [...state.projects.values()]
    .filter((p) => p.owner === apiKey)
    .map((p) => ({
      project_name: p.name,
      project_uuid: p.uuid,
      created_at: isoMicros(p.createdAtMicros),
      contracts: p.contracts.map((k) => projectContractView(state, state.contracts.get(k)!)),
    }));
}

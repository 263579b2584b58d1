// Marketplaces: a fee payee and a fee rate that orders can opt into with `marketplace_uuid`.
import { echo, ErrorCode, fail } from '../values/errors.js';
import { ownProject } from '../catalog/projects.js';
import { nextUuid } from '../state/prng.js';
import type { Marketplace, Rate, State } from '../state/state.js';

/** A decimal fraction in [0, 1) such as "0.015" (at most 18 digits after the point); 19 otherwise. */
export function parseRate(text: unknown, field: string): Rate {
  if (typeof text !== 'string' || !/^0(\.\d{1,18})?$/.test(text.trim()))
    fail(
      ErrorCode.InvalidParam,
      `${field} must be a decimal string in [0, 1) such as "0.015", got ${typeof text === 'string' ? JSON.stringify(echo(text)) : echo(String(text))}`,
    );
  const t = text.trim();
  const frac = t.slice(2); // the digits after "0."
  return { num: BigInt(frac || '0'), den: 10n ** BigInt(frac.length), text: t };
}

export interface NewMarketplace {
  name: string;
  /** Normalized stark key. */
  payee: string;
  fee: Rate;
  projectUuid: string;
}

export function createMarketplace(state: State, apiKey: string, input: NewMarketplace): Marketplace {
  if (input.name.trim() === '') fail(ErrorCode.InvalidParam, 'marketplace_name must not be empty');
  const project = ownProject(state, apiKey, input.projectUuid);
  const m: Marketplace = {
    uuid: nextUuid(state.prng),
    name: input.name.trim(),
    payee: input.payee,
    fee: input.fee,
    projectUuid: project.uuid,
    owner: apiKey,
    createdAtMicros: state.clock.nowMicros,
  };
  state.marketplaces.set(m.uuid, m);
  return m;
}

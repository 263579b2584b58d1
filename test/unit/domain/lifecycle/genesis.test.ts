// Genesis validation: every malformed field is refused with a message naming its path.
import { describe, expect, it } from 'vitest';
import { buildGenesisState, GenesisError } from '../../../../src/domain/lifecycle/genesis.js';
import { readGenesisFile } from '../../../../src/emulator/genesis-file.js';

const base = () => ({
  accounts: [{ name: 'alice' }, { name: 'operator' }],
  api_keys: [{ name: 'k' }],
  projects: [{ name: 'p', api_key: 'k', contracts: [{ type: 'ERC721', address: '0x941661bd1134dc7cc3d107bf006b8631f6e65ad5' }] }],
  deposits: [{ account: 'alice', contract: 'eth', amount: '5' }],
});

function refusal(doc: unknown): string {
  try {
    buildGenesisState(doc);
  } catch (e) {
    expect(e).toBeInstanceOf(GenesisError);
    return (e as Error).message;
  }
  throw new Error('genesis was accepted');
}

describe('genesis validation', () => {
  it('accepts the minimal document and the embedded default', () => {
    expect(buildGenesisState(base()).accounts.size).toBe(1);
    const s = buildGenesisState(readGenesisFile());
    expect(s.namedAccounts.map((a) => a.name)).toEqual(['alice', 'bob', 'carol', 'operator', 'market', 'airdrop']);
    expect(s.nextSequenceId).toBe(13);
  });

  it.each<[string, (g: ReturnType<typeof base> & Record<string, unknown>) => void, string]>([
    ['not an object', () => {}, 'genesis: must be an object'],
    [
      'wrong format',
      (g) => {
        g.format = 'v0';
      },
      'genesis.format',
    ],
    [
      'bad time',
      (g) => {
        g.time = '2026-02-31T00:00:00Z';
      },
      'genesis.time',
    ],
    [
      'empty account name',
      (g) => {
        g.accounts[0] = { name: '' };
      },
      'genesis.accounts[0].name',
    ],
    [
      'duplicate account',
      (g) => {
        g.accounts.push({ name: 'alice' });
      },
      'genesis.accounts[2].name',
    ],
    [
      'private key out of range',
      (g) => {
        (g.accounts[0] as Record<string, unknown>).private_key = '0x0';
      },
      'genesis.accounts[0].private_key',
    ],
    [
      'no operator account',
      (g) => {
        g.accounts.pop();
      },
      'genesis.operator',
    ],
    [
      'project with unknown API key',
      (g) => {
        g.projects[0]!.api_key = 'nope';
      },
      'genesis.projects[0].api_key',
    ],
    [
      'bad contract type',
      (g) => {
        g.projects[0]!.contracts[0]!.type = 'ERC1155';
      },
      'genesis.projects[0].contracts[0].type',
    ],
    [
      'bad contract address',
      (g) => {
        g.projects[0]!.contracts[0]!.address = '0xnope';
      },
      'genesis.projects[0].contracts[0]',
    ],
    [
      'deposit to unknown account',
      (g) => {
        g.deposits[0]!.account = 'zed';
      },
      'genesis.deposits[0].account',
    ],
    [
      'deposit of unknown contract',
      (g) => {
        g.deposits[0]!.contract = '0x1111111111111111111111111111111111111111';
      },
      'genesis.deposits[0]',
    ],
    [
      'negative amount',
      (g) => {
        g.deposits[0]!.amount = '-5';
      },
      'genesis.deposits[0].amount',
    ],
    [
      'NFT deposited twice',
      (g) => {
        g.deposits.push({ account: 'alice', contract: '0x941661bd1134dc7cc3d107bf006b8631f6e65ad5', token_ids: ['1', '1'] } as never);
      },
      'genesis.deposits[1].token_ids[1]',
    ],
  ])('%s is refused, naming the field', (_n, mutate, path) => {
    if (_n === 'not an object') {
      expect(refusal([1])).toContain(path);
      return;
    }
    const g = base() as ReturnType<typeof base> & Record<string, unknown>;
    mutate(g);
    expect(refusal(g)).toContain(path);
  });

  it('reports a missing or non-JSON genesis file with its path', () => {
    expect(() => readGenesisFile('/nonexistent/genesis.json')).toThrow(/genesis file \/nonexistent\/genesis.json: cannot be read/);
  });
});

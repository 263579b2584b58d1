// The L1 contract on a real Anvil: asset types and ids agree with src/crypto/asset.ts, and the calls
// the SDKs encode (from the ABI files they ship) deposit and withdraw as StarkEx does.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshChainPerTest } from '../support/anvil-tests.js';
import fc from 'fast-check';
import { assetId, assetInfoHex, assetType, customUriAssetId, customUriBlob, minimalBigEndianBytes } from '../../src/crypto/asset.js';
import { toHex } from '../../src/l1/codec.js';
import type { Abi, Hex } from '../../src/l1/codec.js';
import { anvilUnavailable, startAnvil } from '../../src/l1/anvil.js';
import type { Anvil } from '../../src/l1/anvil.js';
import { loadL1Artifacts } from '../../src/l1/artifacts.js';
import type { L1Artifacts } from '../../src/l1/artifacts.js';
import { Contract } from '../../src/l1/contract.js';
import { deployToken, placeToken, setUpL1, tokenAssetKinds } from '../../src/l1/deploy.js';
import { createDevnet } from '../../src/index.js';
import type { GenesisToken, L1Setup } from '../../src/l1/deploy.js';
import depositsAbi from './abi/Deposits.json' with { type: 'json' };
import withdrawAbi from './abi/Withdraw.abi.json' with { type: 'json' };

const unavailable = anvilUnavailable();
if (unavailable !== undefined) console.warn(`test/l1/contract.test.ts skipped: Anvil cannot run here (${unavailable})`);

const ROOT = join(import.meta.dirname, '../..');
const genesis = JSON.parse(readFileSync(join(ROOT, 'fixtures/default.json'), 'utf8')) as { projects: { contracts: GenesisToken[] }[] };
const GENESIS_TOKENS = genesis.projects.flatMap((p) => p.contracts);
const byType = (type: GenesisToken['type']): GenesisToken => GENESIS_TOKENS.find((t) => t.type === type)!;
const ETH_QUANTUM = 10n ** 12n;
const STARK_KEY = 0x6736f7449da3bf44bf0f7bdd6463818e1ef272641d43021e8bca17b32ec2df0n;

/** The artefact as the build writes it (compiled from contracts/ now; cached by source hash). */
function compile(): L1Artifacts {
  const dir = mkdtempSync(join(tmpdir(), 'l2-devnet-l1-'));
  try {
    execFileSync(process.execPath, [join(ROOT, 'scripts/compile-contracts.mjs'), join(dir, 'contracts.json')], { stdio: 'inherit' });
    return loadL1Artifacts(join(dir, 'contracts.json'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.skipIf(unavailable !== undefined)('L1 contract on Anvil', () => {
  let anvil: Anvil;
  let artifacts: L1Artifacts;
  let l1: L1Setup;
  let operator: Hex;
  let alice: Hex;
  let bob: Hex;
  let stranger: Hex;
  /** The exchange as the SDKs see it: its address with the ABIs they ship. */
  let sdkDeposits: Contract;
  let sdkWithdrawals: Contract;

  const token = (t: GenesisToken): Contract => l1.tokens.get(t.address.toLowerCase() as Hex)!;
  const addr = (t: GenesisToken): bigint => BigInt(t.address);
  const typeOf = (kind: 'ETH' | 'ERC20' | 'ERC721' | 'ERC721M', t?: GenesisToken): bigint =>
    assetType(kind, t && addr(t), kind === 'ETH' ? ETH_QUANTUM : kind === 'ERC20' ? 10n ** BigInt(t!.decimals! - 6) : 1n);

  beforeAll(async () => {
    artifacts = compile();
    anvil = await startAnvil();
    [operator, alice, bob, stranger] = (await anvil.rpc.accounts()) as [Hex, Hex, Hex, Hex];
    l1 = await setUpL1(anvil.rpc, artifacts, operator, GENESIS_TOKENS);
    sdkDeposits = new Contract(anvil.rpc, depositsAbi as Abi, l1.starkEx.address);
    sdkWithdrawals = new Contract(anvil.rpc, withdrawAbi as Abi, l1.starkEx.address);
  }, 120_000);

  afterAll(async () => {
    await anvil?.stop();
  });

  // Every test starts from the freshly set-up chain.
  freshChainPerTest(() => anvil);

  describe('asset types and ids', () => {
    it('registers every genesis kind with the type src/crypto/asset.ts computes, and computes the same on-chain', async () => {
      // ETH, then per token: ERC20 | ERC721 | ERC721M and its plain ERC721 type.
      expect(l1.assetTypes.map((a) => a.kind)).toEqual([
        'ETH',
        'ERC20',
        'ERC721',
        'ERC721M',
        'ERC721',
        'ERC20',
        'ERC20',
        'ERC721M',
        'ERC721',
        'ERC721M',
        'ERC721',
      ]);
      for (const a of l1.assetTypes) {
        const value = a.address === undefined ? undefined : BigInt(a.address);
        const info = assetInfoHex(a.kind, value);
        expect(await l1.starkEx.read('calculateAssetType', [info, a.quantum])).toBe(assetType(a.kind, value, a.quantum));
        expect(await sdkDeposits.read('getAssetInfo', [a.assetType])).toBe(info);
        expect(await sdkDeposits.read('getQuantum', [a.assetType])).toBe(a.quantum);
      }
      // The genesis ERC20 with 18 decimals has quantum 10^12, as on L2.
      expect(await sdkDeposits.read('getQuantum', [typeOf('ERC20', byType('ERC20'))])).toBe(10n ** 12n);
      // Unregistered: quantum 1, as StarkEx answers.
      expect(await sdkDeposits.read('getQuantum', [12345n])).toBe(1n);
    });

    it('registers exactly the asset types and quanta the emulator reports for the default genesis (GET /v1/contract_info)', async () => {
      const dn = createDevnet();
      try {
        const expected = [dn.devnet.contractInfo('eth')];
        for (const t of GENESIS_TOKENS) {
          for (const { kind } of tokenAssetKinds(t))
            expected.push(dn.devnet.contractInfo(t.address, t.type.startsWith('ERC721M') && kind === 'ERC721' ? 'ERC721' : undefined));
        }
        expect(l1.assetTypes.map((a) => [a.assetType, a.quantum])).toEqual(expected.map((c) => [BigInt(c.asset_type), BigInt(c.quantum)]));
      } finally {
        await dn.close();
      }
    });

    it('refuses to register a type that is not the hash of its info and quantum, and a second registration', async () => {
      const info = assetInfoHex('ERC20', addr(byType('ERC20')));
      await expect(l1.starkEx.write(operator, 'registerToken', [typeOf('ERC20', byType('ERC20')), info, 1n])).rejects.toThrow(
        /ASSET_ALREADY_REGISTERED/,
      );
      await expect(
        l1.starkEx.write(operator, 'registerToken', [assetType('ERC20', addr(byType('ERC20')), 7n) ^ 1n, info, 7n]),
      ).rejects.toThrow(/INVALID_ASSET_TYPE/);
      await expect(l1.starkEx.write(alice, 'registerToken', [assetType('ERC20', addr(byType('ERC20')), 7n), info, 7n])).rejects.toThrow(
        /ONLY_OPERATOR/,
      );
    });

    it('computes ERC721 and mintable (ERC721M, ERC721MC) asset ids as the emulator does', async () => {
      const erc721 = byType('ERC721');
      const m = byType('ERC721M');
      const mc = byType('ERC721MC');
      const ids = [
        0n,
        1n,
        255n,
        345738n,
        2n ** 53n + 1n,
        2n ** 256n - 1n,
        ...fc.sample(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), { numRuns: 8, seed: 35 }),
      ];
      for (const id of ids) {
        expect(await sdkDeposits.read('calculateAssetIdWithTokenId', [typeOf('ERC721', erc721), id])).toBe(
          assetId('ERC721', addr(erc721), 1n, id),
        );
        expect(await sdkDeposits.read('calculateMintableAssetId', [typeOf('ERC721M', m), minimalBigEndianBytes(id)])).toBe(
          assetId('ERC721M', addr(m), 1n, id),
        );
        expect(await sdkDeposits.read('calculateMintableAssetId', [typeOf('ERC721M', mc), customUriBlob(id, `ipfs://token/${id}`)])).toBe(
          customUriAssetId(addr(mc), 1n, id, `ipfs://token/${id}`),
        );
      }
      // The JS SDK's ERC721MC vector (clients.md §8) is the genesis MC contract's token 12.
      expect(
        await sdkDeposits.read('calculateMintableAssetId', [typeOf('ERC721M', mc), customUriBlob(12n, 'https://www.google.com')]),
      ).toBe(0x04007380aa272ac43823fa4698034cfa82c7e53047be8d5f7318d70eebe654adn);
    });
  });

  describe('deposits', () => {
    it('depositEth quantizes the value, keeps the ETH and holds a pending deposit; a non-multiple of the quantum reverts', async () => {
      const eth = typeOf('ETH');
      const before = await anvil.rpc.getBalance(l1.starkEx.address);
      const { events } = await sdkDeposits.write(alice, 'depositEth', [STARK_KEY, eth, 23400424n], 1_500_000n * ETH_QUANTUM);
      expect(events).toEqual([
        {
          name: 'LogDeposit',
          args: {
            depositorEthKey: alice,
            starkKey: STARK_KEY,
            vaultId: 23400424n,
            assetType: eth,
            nonQuantizedAmount: 1_500_000n * ETH_QUANTUM,
            quantizedAmount: 1_500_000n,
          },
        },
      ]);
      expect(await anvil.rpc.getBalance(l1.starkEx.address)).toBe(before + 1_500_000n * ETH_QUANTUM);
      expect(await sdkDeposits.read('getDepositBalance', [STARK_KEY, eth, 23400424n])).toBe(1_500_000n * ETH_QUANTUM);
      expect(await sdkDeposits.read('getQuantizedDepositBalance', [STARK_KEY, eth, 23400424n])).toBe(1_500_000n);
      // The 3-argument payable deposit is the same call.
      await sdkDeposits.write(alice, 'deposit', [STARK_KEY, eth, 23400424n], ETH_QUANTUM);
      expect(await sdkDeposits.read('getQuantizedDepositBalance', [STARK_KEY, eth, 23400424n])).toBe(1_500_001n);
      await expect(sdkDeposits.write(alice, 'depositEth', [STARK_KEY, eth, 1n], ETH_QUANTUM + 1n)).rejects.toThrow(/INVALID_AMOUNT/);
      await expect(sdkDeposits.write(alice, 'depositEth', [STARK_KEY, typeOf('ERC20', byType('ERC20')), 1n], ETH_QUANTUM)).rejects.toThrow(
        /INVALID_ASSET_TYPE/,
      );
    });

    it('depositERC20 pulls quantizedAmount x quantum of the approved token', async () => {
      const rdd = token(byType('ERC20'));
      const type = typeOf('ERC20', byType('ERC20'));
      await rdd.write(operator, 'mint', [alice, 10n ** 18n]);
      await rdd.write(alice, 'approve', [l1.starkEx.address, 10n ** 18n]);
      const { events } = await sdkDeposits.write(alice, 'depositERC20', [STARK_KEY, type, 7n, 250_000n]);
      expect(events).toEqual([
        {
          name: 'LogDeposit',
          args: {
            depositorEthKey: alice,
            starkKey: STARK_KEY,
            vaultId: 7n,
            assetType: type,
            nonQuantizedAmount: 250_000n * 10n ** 12n,
            quantizedAmount: 250_000n,
          },
        },
      ]);
      expect(await rdd.read('balanceOf', [alice])).toBe(10n ** 18n - 250_000n * 10n ** 12n);
      expect(await rdd.read('balanceOf', [l1.starkEx.address])).toBe(250_000n * 10n ** 12n);
      expect(await sdkDeposits.read('getDepositBalance', [STARK_KEY, type, 7n])).toBe(250_000n * 10n ** 12n);
      // More than approved: the token refuses, nothing is recorded.
      await expect(sdkDeposits.write(alice, 'depositERC20', [STARK_KEY, type, 7n, 10n ** 6n])).rejects.toThrow(/revert/i);
      expect(await sdkDeposits.read('getQuantizedDepositBalance', [STARK_KEY, type, 7n])).toBe(250_000n);
    });

    it('depositNft takes the approved token and logs its asset id; the operator accepts pending deposits', async () => {
      const t = byType('ERC721');
      const nft = token(t);
      const type = typeOf('ERC721', t);
      const id = assetId('ERC721', addr(t), 1n, 42n);
      await nft.write(operator, 'mint', [alice, 42n]);
      await nft.write(alice, 'approve', [l1.starkEx.address, 42n]);
      const { events } = await sdkDeposits.write(alice, 'depositNft', [STARK_KEY, type, 9n, 42n]);
      expect(events.map((e) => e.name)).toEqual(['LogNftDeposit', 'LogDepositWithTokenId']);
      expect(events[0]!.args).toEqual({
        depositorEthKey: alice,
        starkKey: STARK_KEY,
        vaultId: 9n,
        assetType: type,
        tokenId: 42n,
        assetId: id,
      });
      expect(await nft.read('ownerOf', [42n])).toBe(l1.starkEx.address);
      expect(await sdkDeposits.read('getQuantizedDepositBalance', [STARK_KEY, id, 9n])).toBe(1n);
      await expect(sdkDeposits.write(alice, 'depositNft', [STARK_KEY, typeOf('ERC20', byType('ERC20')), 9n, 42n])).rejects.toThrow(
        /NOT_ERC721_TOKEN/,
      );

      await expect(l1.starkEx.write(alice, 'acceptDeposit', [STARK_KEY, id, 9n, 1n, 7n])).rejects.toThrow(/ONLY_OPERATOR/);
      await expect(l1.starkEx.write(operator, 'acceptDeposit', [STARK_KEY, id, 9n, 2n, 7n])).rejects.toThrow(/DEPOSIT_INSUFFICIENT/);
      const accepted = await l1.starkEx.write(operator, 'acceptDeposit', [STARK_KEY, id, 9n, 1n, 7n]);
      expect(accepted.events).toEqual([
        { name: 'LogDepositAccepted', args: { starkKey: STARK_KEY, vaultId: 9n, assetId: id, quantizedAmount: 1n, sequenceId: 7n } },
      ]);
      expect(await sdkDeposits.read('getQuantizedDepositBalance', [STARK_KEY, id, 9n])).toBe(0n);
      await expect(l1.starkEx.write(operator, 'acceptDeposit', [STARK_KEY, id, 9n, 1n, 7n])).rejects.toThrow(/DEPOSIT_INSUFFICIENT/);
    });
  });

  describe('withdrawals', () => {
    const owner = (a: Hex): bigint => BigInt(a);

    it('withdraw pays a credited ETH balance to the owner once (anyone may call it); a second call pays 0', async () => {
      const eth = typeOf('ETH');
      await sdkDeposits.write(alice, 'depositEth', [STARK_KEY, eth, 1n], 5n * ETH_QUANTUM);
      await expect(l1.starkEx.write(alice, 'creditWithdrawal', [owner(bob), eth, 3n, 1n])).rejects.toThrow(/ONLY_OPERATOR/);
      const credited = await l1.starkEx.write(operator, 'creditWithdrawal', [owner(bob), eth, 3n, 42n]);
      expect(credited.events).toEqual([
        { name: 'LogWithdrawalCredited', args: { ownerKey: owner(bob), assetId: eth, quantizedAmount: 3n, sequenceId: 42n } },
      ]);
      expect(await sdkWithdrawals.read('getWithdrawalBalance', [owner(bob), eth])).toBe(3n * ETH_QUANTUM);

      const before = await anvil.rpc.getBalance(bob);
      const first = await sdkWithdrawals.write(stranger, 'withdraw', [owner(bob), eth]);
      expect(first.events).toEqual([
        {
          name: 'LogWithdrawalPerformed',
          args: { ownerKey: owner(bob), assetType: eth, nonQuantizedAmount: 3n * ETH_QUANTUM, quantizedAmount: 3n, recipient: bob },
        },
      ]);
      expect(await anvil.rpc.getBalance(bob)).toBe(before + 3n * ETH_QUANTUM);
      expect(await sdkWithdrawals.read('getWithdrawalBalance', [owner(bob), eth])).toBe(0n);
      const second = await sdkWithdrawals.write(stranger, 'withdraw', [owner(bob), eth]);
      expect(second.events[0]!.args.quantizedAmount).toBe(0n);
      expect(await anvil.rpc.getBalance(bob)).toBe(before + 3n * ETH_QUANTUM);
      // An owner key that is a Stark key has no Ethereum address here.
      await expect(sdkWithdrawals.write(stranger, 'withdraw', [STARK_KEY, eth])).rejects.toThrow(/USER_UNREGISTERED/);
    });

    it('withdraw pays ERC20 in base units', async () => {
      const t = byType('ERC20');
      const rdd = token(t);
      const type = typeOf('ERC20', t);
      await rdd.write(operator, 'mint', [l1.starkEx.address, 10n ** 18n]);
      await l1.starkEx.write(operator, 'creditWithdrawal', [owner(bob), type, 123n, 1n]);
      await sdkWithdrawals.write(bob, 'withdraw', [owner(bob), type]);
      expect(await rdd.read('balanceOf', [bob])).toBe(123n * 10n ** 12n);
      await expect(sdkWithdrawals.write(bob, 'withdraw', [owner(bob), typeOf('ERC721M', byType('ERC721M'))])).rejects.toThrow(
        /MINTABLE_ASSET_TYPE/,
      );
    });

    it('withdrawNft hands a held ERC721 to its owner once; a second call moves nothing', async () => {
      const t = byType('ERC721');
      const nft = token(t);
      const type = typeOf('ERC721', t);
      const id = assetId('ERC721', addr(t), 1n, 5n);
      await nft.write(operator, 'mint', [alice, 5n]);
      await nft.write(alice, 'approve', [l1.starkEx.address, 5n]);
      await sdkDeposits.write(alice, 'depositNft', [STARK_KEY, type, 9n, 5n]);
      await l1.starkEx.write(operator, 'creditWithdrawal', [owner(bob), id, 1n, 1n]);
      expect(await sdkWithdrawals.read('getWithdrawalBalance', [owner(bob), id])).toBe(1n);

      const first = await sdkWithdrawals.write(bob, 'withdrawNft', [owner(bob), type, 5n]);
      expect(first.events.map((e) => e.name)).toEqual(['LogNftWithdrawalPerformed', 'LogWithdrawalWithTokenIdPerformed']);
      expect(first.events[0]!.args).toEqual({ ownerKey: owner(bob), assetType: type, tokenId: 5n, assetId: id, recipient: bob });
      expect(await nft.read('ownerOf', [5n])).toBe(bob);
      const second = await sdkWithdrawals.write(bob, 'withdrawWithTokenId', [owner(bob), type, 5n]);
      expect(second.events.map((e) => [e.name, e.args.quantizedAmount])).toEqual([['LogWithdrawalWithTokenIdPerformed', 0n]]);
      expect(await nft.read('ownerOf', [5n])).toBe(bob);
    });

    it('withdrawAndMint mints an ERC721M token from the SDK blob (minimal big-endian id), once', async () => {
      const t = byType('ERC721M');
      const m = token(t);
      const type = typeOf('ERC721M', t);
      const blob = toHex(minimalBigEndianBytes(345738n));
      expect(blob).toBe('0x05468a');
      const id = assetId('ERC721M', addr(t), 1n, 345738n);
      await l1.starkEx.write(operator, 'creditWithdrawal', [owner(alice), id, 1n, 1n]);
      const { events } = await sdkWithdrawals.write(stranger, 'withdrawAndMint', [owner(alice), type, blob]);
      expect(events).toEqual([
        {
          name: 'LogMintWithdrawalPerformed',
          args: { ownerKey: owner(alice), assetType: type, nonQuantizedAmount: 1n, quantizedAmount: 1n, assetId: id },
        },
      ]);
      expect(await m.read('ownerOf', [345738n])).toBe(alice);
      expect(await m.read('tokenURI', [345738n])).toBe(`${t.base_uri}345738`);
      await expect(sdkWithdrawals.write(stranger, 'withdrawAndMint', [owner(alice), type, blob])).rejects.toThrow(
        /NO_PENDING_WITHDRAWAL_BALANCE/,
      );
      await expect(m.write(alice, 'mintFor', [alice, 1n, '0x07'])).rejects.toThrow(/ONLY_STARKEX/);
      await expect(sdkWithdrawals.write(stranger, 'withdrawAndMint', [owner(alice), typeOf('ERC721', t), blob])).rejects.toThrow(
        /NON_MINTABLE_ASSET_TYPE/,
      );
    });

    it('withdrawAndMint mints an ERC721MC token with the URL of its blob', async () => {
      const t = byType('ERC721MC');
      const mc = token(t);
      const type = typeOf('ERC721M', t);
      const url = 'https://www.google.com';
      const id = customUriAssetId(addr(t), 1n, 12n, url);
      await l1.starkEx.write(operator, 'creditWithdrawal', [owner(bob), id, 1n, 1n]);
      await sdkWithdrawals.write(bob, 'withdrawAndMint', [owner(bob), type, customUriBlob(12n, url)]);
      expect(await mc.read('ownerOf', [12n])).toBe(bob);
      expect(await mc.read('tokenURI', [12n])).toBe(url);
      // Another URL is another asset id, with nothing to withdraw.
      await expect(sdkWithdrawals.write(bob, 'withdrawAndMint', [owner(bob), type, customUriBlob(12n, url + '/')])).rejects.toThrow(
        /NO_PENDING_WITHDRAWAL_BALANCE/,
      );
    });

    it('a minted token deposited back as an ERC721 is handed over, not minted again, by the next withdrawAndMint', async () => {
      const t = byType('ERC721M');
      const m = token(t);
      const blob = minimalBigEndianBytes(8n);
      const id = assetId('ERC721M', addr(t), 1n, 8n);
      await l1.starkEx.write(operator, 'creditWithdrawal', [owner(alice), id, 1n, 1n]);
      await sdkWithdrawals.write(alice, 'withdrawAndMint', [owner(alice), typeOf('ERC721M', t), blob]);
      await m.write(alice, 'approve', [l1.starkEx.address, 8n]);
      await sdkDeposits.write(alice, 'depositNft', [STARK_KEY, typeOf('ERC721', t), 3n, 8n]);
      expect(await m.read('ownerOf', [8n])).toBe(l1.starkEx.address);
      await l1.starkEx.write(operator, 'creditWithdrawal', [owner(bob), id, 1n, 1n]);
      await sdkWithdrawals.write(bob, 'withdrawAndMint', [owner(bob), typeOf('ERC721M', t), blob]);
      expect(await m.read('ownerOf', [8n])).toBe(bob);
    });
  });

  describe('tokens and the node', () => {
    it('places genesis tokens at their fixed addresses with their metadata; initialize runs once', async () => {
      const t = byType('ERC20');
      expect(await token(t).read('name')).toBe(t.name);
      expect(await token(t).read('symbol')).toBe(t.symbol);
      expect(await token(t).read('decimals')).toBe(18n);
      expect(await token(byType('ERC721MC')).read('customUri')).toBe(true);
      expect(await token(byType('ERC721M')).read('starkEx')).toBe(l1.starkEx.address);
      await expect(token(t).write(alice, 'initialize', ['x', 'y', 6, alice])).rejects.toThrow(/ALREADY_INITIALIZED/);
      await expect(token(t).write(alice, 'mint', [alice, 1n])).rejects.toThrow(/ONLY_MINTER/);
      // Placing code at a new address, and deploying with a constructor, give the same token.
      const placed = await placeToken(anvil.rpc, artifacts, operator, l1.starkEx.address, {
        type: 'ERC20',
        address: '0x00000000000000000000000000000000000c0ffe',
        name: 'P',
        symbol: 'P',
        decimals: 6,
      });
      const deployed = await deployToken(anvil.rpc, artifacts, operator, l1.starkEx.address, {
        type: 'ERC20',
        name: 'P',
        symbol: 'P',
        decimals: 6,
      });
      for (const c of [placed, deployed])
        expect([await c.read('name'), await c.read('decimals'), await c.read('minter')]).toEqual(['P', 6n, operator]);
    });

    it('reads deposit logs by block range, and snapshot/revert/mine move the chain as expected', async () => {
      const eth = typeOf('ETH');
      const start = await anvil.rpc.blockNumber();
      const inner = await anvil.rpc.snapshot();
      await sdkDeposits.write(alice, 'depositEth', [STARK_KEY, eth, 1n], ETH_QUANTUM);
      await anvil.rpc.mine();
      expect(await anvil.rpc.blockNumber()).toBe(start + 2n);
      const logs = await anvil.rpc.getLogs({ address: l1.starkEx.address, fromBlock: start + 1n, toBlock: start + 2n });
      expect(logs.flatMap((l) => l1.starkEx.events({ ...fakeReceipt, logs: [l] }).map((e) => e.name))).toEqual(['LogDeposit']);
      expect(await anvil.rpc.revert(inner)).toBe(true);
      expect(await anvil.rpc.blockNumber()).toBe(start);
      expect(await sdkDeposits.read('getQuantizedDepositBalance', [STARK_KEY, eth, 1n])).toBe(0n);
    });
  });
});

const fakeReceipt = { transactionHash: '0x', status: '0x1', blockNumber: '0x0', contractAddress: null, gasUsed: '0x0', logs: [] } as const;

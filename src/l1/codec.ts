// The L1 bridge's ABI coding, by micro-eth-signer (its abi.js: the coder of the @noble family the
// emulator already uses for keccak and secp256k1): calls encoded and outputs decoded by the artifact's
// ABI, constructor arguments, logs decoded by their event. Here only the adaptation to how the bridge
// speaks: positional arguments with the overload chosen by arity, bytes as 0x hex, addresses lowercase.
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { createContract, deployContract, events, type ContractMethodUntyped, type EventMethodUntyped } from 'micro-eth-signer/abi.js';

export interface AbiParam {
  readonly type: string;
  readonly name?: string;
  readonly indexed?: boolean;
}

export interface AbiItem {
  readonly type: string;
  readonly name?: string;
  readonly inputs?: readonly AbiParam[];
  readonly outputs?: readonly AbiParam[];
  readonly stateMutability?: string;
}

export type Abi = readonly AbiItem[];
/** A value as the coder takes it: integers as bigint (or safe number), bytes as Uint8Array or 0x hex. */
export type AbiValue = bigint | number | boolean | string | Uint8Array;
/** A decoded value: uint as bigint, address as lower-case hex, bool, bytesN/bytes as hex, string. */
export type Decoded = bigint | boolean | string;
export type Hex = `0x${string}`;

export interface DecodedEvent {
  readonly name: string;
  readonly args: Readonly<Record<string, Decoded>>;
}

export const toHex = (bytes: Uint8Array): Hex => `0x${bytesToHex(bytes)}`;

export function fromHex(hex: string): Uint8Array {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(hex)) throw new TypeError(`expected 0x-prefixed even-length hex, got ${hex.slice(0, 20)}`);
  return hexToBytes(hex.slice(2));
}

/** `name(type,...)`: the canonical signature of a function or event (micro-eth-signer's key for an overload). */
const signature = (item: AbiItem): string => `${item.name ?? ''}(${(item.inputs ?? []).map((p) => p.type).join(',')})`;

/** An event's topic 0. */
export const eventTopic = (item: AbiItem): Hex => toHex(keccak_256(utf8ToBytes(signature(item))));

interface Coders {
  readonly methods: Record<string, ContractMethodUntyped>;
  readonly events: Record<string, EventMethodUntyped>;
  /** topic 0 -> the event's item. */
  readonly byTopic: ReadonlyMap<string, AbiItem>;
}

// Built once per ABI (the artifacts' ABIs live as long as the process).
const built = new WeakMap<Abi, Coders>();

function coders(abi: Abi): Coders {
  let c = built.get(abi);
  if (c === undefined) {
    const byTopic = new Map(abi.filter((i) => i.type === 'event').map((i) => [eventTopic(i), i] as const));
    c = { methods: createContract(abi as never) as never, events: events(abi as never) as never, byTopic };
    built.set(abi, c);
  }
  return c;
}

const isBytes = (type: string): boolean => type === 'bytes' || /^bytes\d+$/.test(type);

/** Positional values as micro-eth-signer takes a parameter list: one value alone, an object when all are named, else a list. */
function toArgs(params: readonly AbiParam[], values: readonly AbiValue[]): unknown {
  if (params.length !== values.length) throw new TypeError(`expected ${params.length} values, got ${values.length}`);
  const vs = params.map((p, i) => {
    const value = values[i]!;
    if (isBytes(p.type) && typeof value === 'string') return fromHex(value);
    if (p.type.startsWith('uint') && typeof value === 'number') return BigInt(value);
    return value;
  });
  if (params.length === 1) return vs[0];
  return allNamed(params) ? Object.fromEntries(params.map((p, i) => [p.name, vs[i]])) : vs;
}

const allNamed = (params: readonly AbiParam[]): boolean =>
  params.every((p) => p.name) && new Set(params.map((p) => p.name)).size === params.length;

function fromValue(type: string, value: unknown): Decoded {
  if (value instanceof Uint8Array) return toHex(value);
  if (type === 'address') return (value as string).toLowerCase();
  return value as Decoded;
}

/** Decoded values back in parameter order. */
function fromArgs(params: readonly AbiParam[], out: unknown): Decoded[] {
  if (params.length === 0) return [];
  if (params.length === 1) return [fromValue(params[0]!.type, out)];
  const list = allNamed(params) ? params.map((p) => (out as Record<string, unknown>)[p.name!]) : (out as unknown[]);
  return params.map((p, i) => fromValue(p.type, list[i]));
}

/** The one function of `abi` named `name` taking `arity` arguments (overloads are told apart by arity). */
export function findFunction(abi: Abi, name: string, arity: number): AbiItem {
  const found = abi.filter((i) => i.type === 'function' && i.name === name && (i.inputs ?? []).length === arity);
  if (found.length !== 1) throw new TypeError(`${found.length === 0 ? 'no' : 'ambiguous'} function ${name} with ${arity} arguments`);
  return found[0]!;
}

function method(abi: Abi, item: AbiItem): ContractMethodUntyped {
  const { methods } = coders(abi);
  return methods[signature(item)] ?? methods[item.name!]!;
}

/** Calldata of `item` of `abi`: its selector and its arguments. */
export function encodeCall(abi: Abi, item: AbiItem, args: readonly AbiValue[]): Hex {
  const inputs = item.inputs ?? [];
  return toHex(inputs.length === 0 ? method(abi, item).encodeInput() : method(abi, item).encodeInput(toArgs(inputs, args)));
}

/** The outputs of `item` of `abi` from a call's answer. */
export function decodeOutput(abi: Abi, item: AbiItem, data: Hex): Decoded[] {
  return fromArgs(item.outputs ?? [], method(abi, item).decodeOutput(fromHex(data)));
}

/** A deployment's data: the bytecode and the constructor's arguments. */
export function deployData(abi: Abi, bytecode: string, args: readonly AbiValue[]): Hex {
  const inputs = abi.find((i) => i.type === 'constructor')?.inputs ?? [];
  const data = inputs.length === 0 ? deployContract(abi as never, bytecode) : deployContract(abi as never, bytecode, toArgs(inputs, args));
  return (data.startsWith('0x') ? data : `0x${data}`) as Hex;
}

/** Decodes a log by the event of `abi` its first topic names; undefined for a log of another event. */
export function decodeLog(abi: Abi, log: { readonly topics: readonly string[]; readonly data: string }): DecodedEvent | undefined {
  const { byTopic, events: coder } = coders(abi);
  const item = log.topics[0] === undefined ? undefined : byTopic.get(log.topics[0]);
  if (item === undefined) return undefined;
  const inputs = item.inputs ?? [];
  const decoded = coder[item.name!]!.decode([...log.topics], log.data) as Record<string, unknown>;
  const args: Record<string, Decoded> = {};
  inputs.forEach((p, i) => {
    const name = p.name || String(i);
    // An indexed bytes or string is logged as its hash only.
    args[name] =
      p.indexed && (p.type === 'bytes' || p.type === 'string')
        ? (log.topics[1 + indexOfIndexed(inputs, p)] ?? '')
        : fromValue(p.type, decoded[name]);
  });
  return { name: item.name ?? '', args };
}

const indexOfIndexed = (inputs: readonly AbiParam[], p: AbiParam): number => inputs.filter((q) => q.indexed).indexOf(p);

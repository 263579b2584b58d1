// Solidity ABI encoding for the few types the L1 contract speaks (uintN, address, bool, bytesN, bytes,
// string): hand-written because viem, the usual library, unpacks to 30 MB for these ~150 lines.
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToNumberBE, numberToBytesBE } from '@noble/curves/utils.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

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
export type Hex = `0x${string}`;

const WORD = 32;

export function toHex(bytes: Uint8Array): Hex {
  return `0x${bytesToHex(bytes)}`;
}

export function fromHex(hex: string): Uint8Array {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(hex)) throw new TypeError(`expected 0x-prefixed even-length hex, got ${hex.slice(0, 20)}`);
  return hexToBytes(hex.slice(2));
}

/** `name(type,...)`: the canonical signature of a function or event. */
export function signature(item: AbiItem): string {
  return `${item.name ?? ''}(${(item.inputs ?? []).map((p) => p.type).join(',')})`;
}

export function selector(item: AbiItem): Hex {
  return toHex(keccak_256(utf8ToBytes(signature(item))).slice(0, 4));
}

const topics = new WeakMap<AbiItem, Hex>();

/** An event's topic 0 (kept per ABI item: every log decoded looks it up). */
export function eventTopic(item: AbiItem): Hex {
  let topic = topics.get(item);
  if (topic === undefined) topics.set(item, (topic = toHex(keccak_256(utf8ToBytes(signature(item))))));
  return topic;
}

function isDynamic(type: string): boolean {
  return type === 'bytes' || type === 'string';
}

function word(v: bigint): Uint8Array {
  if (v < 0n || v >= 1n << 256n) throw new RangeError(`value out of uint256 range: ${v}`);
  return numberToBytesBE(v, WORD);
}

function toBytes(value: AbiValue, type: string): Uint8Array {
  if (value instanceof Uint8Array) return value;
  if (typeof value === 'string') return type === 'string' ? utf8ToBytes(value) : fromHex(value);
  throw new TypeError(`${type} takes bytes or a hex string, got ${typeof value}`);
}

function padRight(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(Math.ceil(bytes.length / WORD) * WORD);
  out.set(bytes);
  return out;
}

function encodeStatic(type: string, value: AbiValue): Uint8Array {
  const uint = /^uint(\d*)$/.exec(type);
  if (uint) {
    if (typeof value !== 'bigint' && typeof value !== 'number') throw new TypeError(`${type} takes a bigint, got ${typeof value}`);
    const v = BigInt(value);
    const bits = BigInt(uint[1] || 256);
    if (v < 0n || v >= 1n << bits) throw new RangeError(`value out of ${type} range: ${v}`);
    return word(v);
  }
  if (type === 'address') {
    if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value))
      throw new TypeError(`address takes 0x + 40 hex digits, got ${String(value)}`);
    return word(BigInt(value));
  }
  if (type === 'bool') return word(value === true ? 1n : 0n);
  const fixed = /^bytes(\d+)$/.exec(type);
  if (fixed) {
    const bytes = toBytes(value, type);
    if (bytes.length !== Number(fixed[1])) throw new RangeError(`${type} takes ${fixed[1]} bytes, got ${bytes.length}`);
    return padRight(bytes);
  }
  throw new TypeError(`unsupported ABI type ${type}`);
}

/** abi.encode(values) for the given types. */
export function encode(types: readonly string[], values: readonly AbiValue[]): Uint8Array {
  if (types.length !== values.length) throw new TypeError(`expected ${types.length} values, got ${values.length}`);
  const heads: Uint8Array[] = [];
  const tails: Uint8Array[] = [];
  let tailAt = types.length * WORD;
  types.forEach((type, i) => {
    const value = values[i]!;
    if (!isDynamic(type)) {
      heads.push(encodeStatic(type, value));
      return;
    }
    const bytes = toBytes(value, type);
    const tail = concatBytes(word(BigInt(bytes.length)), padRight(bytes));
    heads.push(word(BigInt(tailAt)));
    tails.push(tail);
    tailAt += tail.length;
  });
  return concatBytes(...heads, ...tails);
}

/** Decoded values: uint as bigint, address as lower-case hex, bool, bytesN/bytes as hex, string. */
export type Decoded = bigint | boolean | string;

function readWord(data: Uint8Array, at: number): bigint {
  if (at + WORD > data.length) throw new RangeError('ABI data too short');
  return bytesToNumberBE(data.subarray(at, at + WORD));
}

function decodeOne(type: string, data: Uint8Array, at: number): Decoded {
  if (isDynamic(type)) {
    const start = Number(readWord(data, at));
    const length = Number(readWord(data, start));
    if (start + WORD + length > data.length) throw new RangeError('ABI data too short');
    const bytes = data.subarray(start + WORD, start + WORD + length);
    return type === 'string' ? new TextDecoder().decode(bytes) : toHex(bytes);
  }
  const v = readWord(data, at);
  if (type === 'address') return `0x${v.toString(16).padStart(40, '0')}`;
  if (type === 'bool') return v !== 0n;
  const fixed = /^bytes(\d+)$/.exec(type);
  if (fixed) return toHex(data.subarray(at, at + Number(fixed[1])));
  if (/^uint\d*$/.test(type)) return v;
  throw new TypeError(`unsupported ABI type ${type}`);
}

export function decode(types: readonly string[], data: Uint8Array): Decoded[] {
  return types.map((type, i) => decodeOne(type, data, i * WORD));
}

/** The one function of `abi` named `name` taking `arity` arguments (overloads are told apart by arity). */
export function findFunction(abi: Abi, name: string, arity: number): AbiItem {
  const found = abi.filter((i) => i.type === 'function' && i.name === name && (i.inputs ?? []).length === arity);
  if (found.length !== 1) throw new TypeError(`${found.length === 0 ? 'no' : 'ambiguous'} function ${name} with ${arity} arguments`);
  return found[0]!;
}

/** Calldata: selector ‖ abi.encode(args). */
export function encodeCall(item: AbiItem, args: readonly AbiValue[]): Hex {
  const types = (item.inputs ?? []).map((p) => p.type);
  return `${selector(item)}${bytesToHex(encode(types, args))}`;
}

export interface DecodedEvent {
  readonly name: string;
  readonly args: Readonly<Record<string, Decoded>>;
}

/** Decodes a log by the event of `abi` its first topic names; undefined for a log of another event. */
export function decodeLog(abi: Abi, log: { readonly topics: readonly string[]; readonly data: string }): DecodedEvent | undefined {
  const item = abi.find((i) => i.type === 'event' && log.topics[0] === eventTopic(i));
  if (item === undefined) return undefined;
  const inputs = item.inputs ?? [];
  const plain = inputs.filter((p) => !p.indexed);
  const values = decode(
    plain.map((p) => p.type),
    fromHex(log.data),
  );
  const args: Record<string, Decoded> = {};
  let topic = 1;
  inputs.forEach((p, i) => {
    const name = p.name || String(i);
    // An indexed bytes or string is logged as its hash only.
    if (p.indexed)
      args[name] = isDynamic(p.type) ? (log.topics[topic++] ?? '') : decodeOne(p.type, fromHex(log.topics[topic++] ?? '0x'), 0);
    else args[name] = values[plain.indexOf(p)]!;
  });
  return { name: item.name ?? '', args };
}

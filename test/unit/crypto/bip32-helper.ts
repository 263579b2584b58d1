// Test-only BIP39 seed + BIP32 private derivation, just enough to check StarkWare's mnemonic vectors.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hmac } from '@noble/hashes/hmac.js';
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

const N = secp256k1.Point.Fn.ORDER;
const HARDENED = 0x80000000;

const ser32 = (i: number): Uint8Array => {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, i >>> 0, false);
  return out;
};
const ser256 = (k: bigint): Uint8Array => hexToBytes(k.toString(16).padStart(64, '0'));
const parse256 = (b: Uint8Array): bigint => BigInt('0x' + bytesToHex(b));

/** BIP39 seed with an empty passphrase (mnemonics here are ASCII, so NFKD is the identity). */
export function mnemonicToSeed(mnemonic: string): Uint8Array {
  return pbkdf2(sha512, utf8ToBytes(mnemonic.normalize('NFKD')), utf8ToBytes('mnemonic'), {
    c: 2048,
    dkLen: 64,
  });
}

/** BIP32 private key at `path` (e.g. "m/44'/0'/0"), as 32 bytes. */
export function derivePrivateKey(seed: Uint8Array, path: string): Uint8Array {
  const parts = path.split('/');
  if (parts[0] !== 'm') throw new Error(`bad path ${path}`);
  let I = hmac(sha512, utf8ToBytes('Bitcoin seed'), seed);
  let key = parse256(I.slice(0, 32));
  let chain = I.slice(32);
  for (const part of parts.slice(1)) {
    const hardened = part.endsWith("'");
    const index = Number.parseInt(hardened ? part.slice(0, -1) : part, 10) + (hardened ? HARDENED : 0);
    const data = hardened
      ? concatBytes(Uint8Array.of(0), ser256(key), ser32(index))
      : concatBytes(secp256k1.getPublicKey(ser256(key), true), ser32(index));
    I = hmac(sha512, chain, data);
    key = (parse256(I.slice(0, 32)) + key) % N;
    chain = I.slice(32);
  }
  return ser256(key);
}

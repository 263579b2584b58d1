// A deployed contract bound to its ABI: reads through eth_call, writes from an unlocked account,
// with the receipt's logs decoded by the same ABI.
import { decodeLog, decodeOutput, encodeCall, findFunction } from './codec.js';
import type { Abi, AbiValue, Decoded, DecodedEvent, Hex } from './codec.js';
import type { EthRpc, Receipt } from './rpc.js';

export interface WriteResult {
  readonly receipt: Receipt;
  /** The events this contract emitted in the transaction, in order. */
  readonly events: readonly DecodedEvent[];
}

export class Contract {
  constructor(
    readonly rpc: EthRpc,
    readonly abi: Abi,
    readonly address: Hex,
    /** The gas limit of every write (the operator's: skips the node's estimate); default estimated. */
    readonly gas?: bigint,
  ) {}

  /** Calls a view function (the overload chosen by the number of arguments); its outputs decoded (one value, or the list when it has several). */
  async read(name: string, args: readonly AbiValue[] = []): Promise<Decoded> {
    const all = await this.readAll(name, args);
    if (all.length !== 1) throw new TypeError(`${name} returns ${all.length} values: use readAll`);
    return all[0]!;
  }

  async readAll(name: string, args: readonly AbiValue[] = []): Promise<Decoded[]> {
    const item = findFunction(this.abi, name, args.length);
    const data = await this.rpc.call({ to: this.address, data: encodeCall(this.abi, item, args) });
    return decodeOutput(this.abi, item, data);
  }

  async write(from: Hex, name: string, args: readonly AbiValue[] = [], value?: bigint): Promise<WriteResult> {
    const receipt = await this.rpc.send({
      from,
      to: this.address,
      data: encodeCall(this.abi, findFunction(this.abi, name, args.length), args),
      value,
      gas: this.gas,
    });
    return { receipt, events: this.events(receipt) };
  }

  events(receipt: Receipt): DecodedEvent[] {
    const mine = receipt.logs.filter((l) => l.address.toLowerCase() === this.address.toLowerCase());
    return mine.flatMap((l) => decodeLog(this.abi, l) ?? []);
  }
}

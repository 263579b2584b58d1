// The texts and integers a loaded state shares across its entries, so it takes the memory a built one does.

export type Obj = Record<string, unknown>;

/** An integer as the dump writes it (a number, or a string of digits past 2^53), checked by the schema already. */
export const big = (v: unknown): bigint => BigInt(v as number | string | bigint);

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Shared copies of the strings and integers of a dump's items (keys, asset ids, times, amounts repeat across them). */
export class SharedValues {
  private readonly texts = new Map<string, string>();
  private readonly integers = new Map<number | bigint, bigint>();

  /** The texts shared last: keys and asset ids alternate from item to item (compared, not hashed, first). */
  private readonly lately: string[] = ['', '', '', '', '', '', '', ''];
  private latelyNext = 0;

  /** The shared copy of a string (a copy of its own the first time: see below); any other value as it is. */
  text(v: unknown): string {
    if (typeof v !== 'string') return v as string;
    const lately = this.lately;
    for (let k = 0; k < lately.length; k++) if (lately[k] === v) return lately[k]!;
    let own = this.texts.get(v);
    if (own === undefined) {
      // A parsed string may be a slice that keeps the whole input text alive: keep a copy of its own.
      own = v.length < 13 ? v : decoder.decode(encoder.encode(v));
      this.texts.set(own, own);
    }
    lately[this.latelyNext] = own;
    this.latelyNext = (this.latelyNext + 1) % lately.length;
    return own;
  }

  /** The value with every string shared (and a copy of its own, see text()); arrays and objects are edited in place. */
  share(v: unknown): unknown {
    if (typeof v === 'string') return this.text(v);
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x = v[i];
        if (typeof x === 'string' || (x !== null && typeof x === 'object')) v[i] = this.share(x);
      }
      return v;
    }
    const o = v as Obj;
    for (const k of Object.keys(o)) {
      const x = o[k];
      if (typeof x === 'string' || (x !== null && typeof x === 'object')) o[k] = this.share(x);
    }
    return o;
  }

  /** The shared bigint of an integer as parsed (a number, or a bigint past 2^53). */
  integer(v: unknown): bigint {
    // Looked up by the value as parsed (a number mostly), so a repeated one makes no bigint.
    const known = this.integers.get(v as number | bigint);
    if (known !== undefined) return known;
    const b = big(v);
    // Times and amounts repeat; a bounded table keeps the sharing without holding every distinct value.
    if (this.integers.size >= 1 << 16) this.integers.clear();
    this.integers.set(v as number | bigint, b);
    return b;
  }

  /** Forgets the tables once the state is built (the state keeps the shared values themselves). */
  clear(): void {
    this.texts.clear();
    this.integers.clear();
  }
}

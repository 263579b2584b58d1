// A body held as text, for the in-process Request and Response stand-ins (TextRequest, JsonResponse): on Node 20
// every Request or Response with a body builds a transferable web stream at once, most of the garbage cost of
// in-process calls. The stand-ins answer from the text and build Node's object only when asked for more.

/** Node's own class, even when a server adapter has replaced the global with a subclass of it. */
export function nativeClass<C extends abstract new (...args: never[]) => unknown>(ctor: C): C {
  let c: C = ctor;
  while (Object.getPrototypeOf(c) !== Function.prototype && typeof Object.getPrototypeOf(c) === 'function')
    c = Object.getPrototypeOf(c) as C;
  return c;
}

function bodyUnusable(): TypeError {
  return new TypeError('Body is unusable: Body has already been read');
}

interface NativeBody {
  readonly bodyUsed: boolean;
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/**
 * A stand-in's body: its text (null: no body at all), whether it was read, and the real object once built
 * (by the subclass's `build`). It answers bodyUsed, text(), json() and arrayBuffer() from the text.
 */
export abstract class TextBody<N extends NativeBody> {
  readonly #text: string | null;
  #used = false;
  #native: N | undefined;

  constructor(text: string | null) {
    this.#text = text;
  }

  protected abstract build(text: string | null): N;

  /** The real object if it was built. */
  protected get built(): N | undefined {
    return this.#native;
  }

  /** A null body is never "used": Node answers '' to every read of one. */
  get bodyUsed(): boolean {
    return this.#native ? this.#native.bodyUsed : this.#used;
  }

  /** The text as Node's UTF-8 decoding of it gives it: lone surrogates become U+FFFD, a leading BOM goes. */
  text(): Promise<string> {
    if (this.#native) return this.#native.text();
    if (this.#text === null) return Promise.resolve('');
    if (this.#used) return Promise.reject(bodyUnusable());
    this.#used = true;
    // ES2024 string methods: Node 20 has them, the project's `lib` (ES2022) does not name them.
    const raw = this.#text as string & { isWellFormed(): boolean; toWellFormed(): string };
    const t = raw.isWellFormed() ? raw : raw.toWellFormed();
    return Promise.resolve(t.charCodeAt(0) === 0xfeff ? t.slice(1) : t);
  }

  json(): Promise<unknown> {
    return this.text().then((t) => JSON.parse(t) as unknown);
  }

  /** The UTF-8 bytes of the text as given (a BOM stays, as it does in Node's own body). */
  arrayBuffer(): Promise<ArrayBuffer> {
    if (this.#native) return this.#native.arrayBuffer();
    if (this.#used && this.#text !== null) return Promise.reject(bodyUnusable());
    this.#used = this.#text !== null;
    const bytes = new TextEncoder().encode(this.#text ?? '');
    return Promise.resolve(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  }

  /** The text for a clone; a read body cannot be cloned (TypeError, as Node says). */
  protected cloneText(): string | null {
    if (this.#used) throw bodyUnusable();
    return this.#text;
  }

  /**
   * The real object, built once from the text. After a read it is built already read (its body
   * consumed), so it goes on refusing a second read exactly as Node's own would.
   */
  native(): N {
    if (!this.#native) {
      const real = this.build(this.#text);
      if (this.#used) void real.text().catch(() => undefined);
      this.#native = real;
    }
    return this.#native;
  }
}

/**
 * Makes `stand` (a subclass of TextBody) a stand-in for `native`: TextBody's members are copied onto its
 * prototype, every other member of `native` that it does not define is answered by the real object
 * (`native()`), and `native`'s prototype goes under it, so a stand-in passes `instanceof` and a caller
 * never meets a missing member or a failed brand check on one. Node functions that read the internals
 * of an object handed to them (`new Request(r)`, `fetch(r)`) would still refuse it.
 */
export function standIn(stand: { prototype: object }, native: { prototype: object }): void {
  const proto = stand.prototype;
  for (const [name, d] of Object.entries(Object.getOwnPropertyDescriptors(TextBody.prototype)))
    if (name !== 'constructor' && !Object.hasOwn(proto, name)) Object.defineProperty(proto, name, d);
  for (const name of Object.getOwnPropertyNames(native.prototype)) {
    if (name === 'constructor' || Object.hasOwn(proto, name)) continue;
    const d = Object.getOwnPropertyDescriptor(native.prototype, name)!;
    const real = (self: unknown) => (self as TextBody<NativeBody>).native() as unknown as Record<string, unknown>;
    if (typeof d.value === 'function') {
      Object.defineProperty(proto, name, {
        value(...args: unknown[]) {
          return (real(this)[name] as (...a: unknown[]) => unknown)(...args);
        },
        writable: true,
        configurable: true,
      });
    } else if (d.get) {
      Object.defineProperty(proto, name, {
        get() {
          return real(this)[name];
        },
        configurable: true,
      });
    }
  }
  Object.setPrototypeOf(proto, native.prototype);
}

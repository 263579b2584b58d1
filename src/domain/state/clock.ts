// Emulator time: microseconds since the Unix epoch, moved only by commands in virtual mode.

/** The last instant the emulator clock can show: 9999-12-31T23:59:59.999999Z. */
export const MAX_MICROS = BigInt(Date.UTC(9999, 11, 31, 23, 59, 59, 999)) * 1000n + 999n;

const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?Z$/;

/** Parses `YYYY-MM-DDTHH:MM:SS[.ffffff]Z`; undefined when the text is not such a UTC instant. */
export function parseIsoMicros(text: string): bigint | undefined {
  const m = ISO_RE.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac = ''] = m;
  // The clock lives in [1970, 9999]: earlier instants would print negative fractions.
  if (Number(y) < 1970) return undefined;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(ms)) return undefined;
  // Reject rolled-over dates such as 2026-02-31 instead of silently moving them.
  const check = new Date(ms);
  if (check.getUTCDate() !== Number(d) || check.getUTCMonth() !== Number(mo) - 1) return undefined;
  return BigInt(ms) * 1000n + BigInt(frac.padEnd(6, '0'));
}

/** `2022-11-10T12:14:08.000000Z`: ISO 8601 with microseconds, as the real service prints `created_at`. */
export function isoMicros(micros: bigint): string {
  const ms = micros / 1000n;
  const sub = (micros % 1_000_000n).toString().padStart(6, '0');
  return new Date(Number(ms)).toISOString().slice(0, 19) + '.' + sub + 'Z';
}

export function unixSeconds(micros: bigint): number {
  return Number(micros / 1_000_000n);
}

/** StarkEx expiration timestamps count hours since the epoch. */
export function unixHours(micros: bigint): bigint {
  return micros / 3_600_000_000n;
}

// Quantized amounts and their human-readable display strings.

/** `quantized × quantum / 10^decimals` as a plain decimal without trailing zeros ("0.068985", "8.966", "1"). */
export function displayAmount(quantized: bigint, quantum: bigint, decimals: number): string {
  const raw = quantized * quantum;
  const negative = raw < 0n;
  const digits = (negative ? -raw : raw).toString();
  if (decimals === 0) return (negative ? '-' : '') + digits;
  const padded = digits.padStart(decimals + 1, '0');
  const whole = padded.slice(0, padded.length - decimals);
  const frac = padded.slice(padded.length - decimals).replace(/0+$/, '');
  return (negative ? '-' : '') + whole + (frac ? '.' + frac : '');
}

/** Fungible quantum rule of docs/behaviour.md: the official JS SDK always quantizes with 6 decimals. */
export function fungibleQuantum(decimals: number): bigint {
  return decimals >= 6 ? 10n ** BigInt(decimals - 6) : 1n;
}

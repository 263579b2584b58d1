// Display units <-> quantized units, exactly (a scenario says "0.001 ETH", the wire wants 1000).
import { ScenarioError, type ContractRef } from './context.js';

/** A decimal string or number as `digits / 10^scale`, refusing anything that is not a plain non-negative decimal. */
export function parseDecimal(value: unknown, field: string): { digits: bigint; scale: number } {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\d+(\.\d+)?$/.test(text))
    throw new ScenarioError(`${field}: expected a decimal such as "0.001", got ${JSON.stringify(value)}`);
  const [whole, frac = ''] = text.split('.') as [string, string?];
  return { digits: BigInt(whole + frac), scale: frac.length };
}

/** Display amount -> quantized units of `contract`; refuses amounts finer than its quantum. */
export function toQuantized(value: unknown, contract: ContractRef, field: string): bigint {
  const { digits, scale } = parseDecimal(value, field);
  // amount x 10^decimals / quantum, which must be an integer.
  const num = digits * 10n ** BigInt(contract.decimals);
  const den = 10n ** BigInt(scale) * contract.quantum;
  if (num % den !== 0n)
    throw new ScenarioError(
      `${field}: ${String(value)} ${contract.symbol} is not a whole number of quanta (quantum ${contract.quantum}, ${contract.decimals} decimals)`,
    );
  return num / den;
}

/** Normalizes a display string for comparison ("1.50" and "1.5" are the same balance). */
export function sameDecimal(a: string, b: string): boolean {
  const norm = (s: string) => {
    const [w, f = ''] = s.split('.') as [string, string?];
    const frac = f.replace(/0+$/, '');
    return (w.replace(/^0+(?=\d)/, '') || '0') + (frac ? '.' + frac : '');
  };
  return norm(a) === norm(b);
}

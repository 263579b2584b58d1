// The two fees of a fill, each rate declared once; the seller pays both, in the base token.
import type { Rate } from '../state/state.js';
import { displayAmount } from '../values/money.js';

/** The service fee rate, 0.5%: `units × 10^-decimals` of a fill's volume. */
const SERVICE_RATE = { units: 5n, decimals: 3 };

/** The service fee rate as orders show it (`fee_rate`). */
export const FEE_RATE_TEXT = displayAmount(SERVICE_RATE.units, 1n, SERVICE_RATE.decimals);

/** The service fee of a fill: the rate of its volume floored, never beyond what the seller's signed fee_limit still allows. */
export function serviceFee(volume: bigint, limitLeft: bigint): bigint {
  const fee = (volume * SERVICE_RATE.units) / 10n ** BigInt(SERVICE_RATE.decimals);
  return fee < limitLeft ? fee : limitLeft;
}

/** The marketplace fee of a fill at the marketplace's rate, floored. */
export function marketplaceFee(volume: bigint, rate: Rate): bigint {
  return (volume * rate.num) / rate.den;
}

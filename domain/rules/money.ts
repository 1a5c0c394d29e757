/**
 * Rounds an amount to whole cents, half away from zero, without binary-float surprises (1.005 → 1.01).
 * Why: advances and taxes are shown to buyers and notaries; 1.005 * 100 = 100.49999… must not lose a cent.
 * Trimming to 15 significant digits removes the float noise before rounding. NaN and ±Infinity pass through.
 */
export function roundCents(amount: number): number {
  if (!Number.isFinite(amount)) return amount;
  const cents = Number((Math.abs(amount) * 100).toPrecision(15));
  const rounded = (Math.sign(amount) * Math.round(cents)) / 100;
  return rounded === 0 ? 0 : rounded;
}

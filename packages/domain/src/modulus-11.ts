/*
 * The modulus-11 check digit shared by the Norwegian fødselsnummer (both of its check digits) and
 * the Norwegian bank account number (shared/data/insurance.md §5.2, §5.4): the weighted sum of the
 * digits before it, remainder 0 gives 0, otherwise 11 minus the remainder; a result of 10 means no
 * number with these digits is valid.
 */

/** The check digit of `digits` under `weights` (one weight a digit), or null when it would be 10. */
export function modulus11CheckDigit(digits: string, weights: readonly number[]): number | null {
  const sum = weights.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
  const remainder = sum % 11;
  if (remainder === 0) return 0;
  const check = 11 - remainder;
  return check === 10 ? null : check;
}

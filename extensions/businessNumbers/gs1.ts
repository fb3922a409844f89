/** GS1 (GTIN-13) check digits, as the New Zealand Business Number uses them. */

/** The GS1 check digit of the first 12 digits of a GTIN-13. */
export function gs1CheckDigit(first12: string): number {
  const sum = [...first12].reduce((s, c, i) => s + Number(c) * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10;
}

/** Whether 13 digits end in their GS1 check digit (an NZBN). */
export const gs1 = (digits: string): boolean => /^\d{13}$/.test(digits) && gs1CheckDigit(digits.slice(0, 12)) === Number(digits[12]);

/** Australian Business Number check (ABR): subtract 1 from the first digit, weight the 11 digits, the sum is divisible by 89. */
const WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/** Whether 11 digits are an ABN whose check holds. */
export function abn(digits: string): boolean {
  if (!/^\d{11}$/.test(digits)) return false;
  const d = [...digits].map(Number);
  d[0] -= 1;
  return d.reduce((s, v, i) => s + v * WEIGHTS[i], 0) % 89 === 0;
}

/** A tier discount in hundredths of a percent as the buyer reads it: 700 → '7%', 750 → '7.5%'. */
export function formatDiscount(hundredths: number): string {
  return `${Number((hundredths / 100).toFixed(2))}%`;
}

/** '1 case', '3 cases'. */
export function formatCases(count: number): string {
  return `${count} ${count === 1 ? 'case' : 'cases'}`;
}

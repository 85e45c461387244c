/**
 * A count with its noun: '1 case', '3 cases' (`many` is the noun with an s unless given). `grouped` writes
 * thousands with a comma ('1,200 bottles'), as the admin portal's order lines and tiers do; the storefront and
 * the server's messages write plain digits. No dependencies: the storefront's first page uses it
 * (docs/decisions/0015-storefront-first-page.md).
 */
export function pluralize(count: number, one: string, many = `${one}s`, { grouped = false } = {}): string {
  return `${grouped ? count.toLocaleString('en-US') : count} ${count === 1 ? one : many}`;
}

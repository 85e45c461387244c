/** Shared with the server's order PDF (src/shared/money.ts). */
export { formatMoney } from '../../shared/money';

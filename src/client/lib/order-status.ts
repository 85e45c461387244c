/** The status names, shared with the server's order PDF (src/shared/orders.ts). */
export { ORDER_STATUS_LABELS } from '../../shared/orders';

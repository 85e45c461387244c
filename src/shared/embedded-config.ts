/**
 * The id of the `<script type="application/json">` in every page the server sends that holds the store's
 * public settings (GET /api/config's answer), so the app knows the store name without asking
 * (server/plugins/client-shell.ts writes it, client/lib/store-config.ts reads it; ADR 0016).
 */
export const STORE_CONFIG_ELEMENT_ID = 'store-config';

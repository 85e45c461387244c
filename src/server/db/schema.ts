// The one schema object Drizzle and drizzle-kit need; tables live in schema/<area>.ts.
export * from './schema/companies';
export * from './schema/users';
export * from './schema/invitations';
export * from './schema/member-locations';
export * from './schema/admin-sign-in';
export * from './schema/catalog';
export * from './schema/orders';
export * from './schema/support';
export * from './schema/policies';
export * from './schema/system';
export * from './schema/shopify-companies';
export * from './schema/order-changes';
export * from './schema/reorder-reminders';

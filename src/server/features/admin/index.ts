/* What every admin feature is given (the database, settings and the store connection). */
export type { AdminDeps } from './admin-deps';

/**
 * The messages between the portal and its PGlite thread (pglite-thread.ts, pglite-worker.ts; ADR 0020).
 * Every request carries an id; the thread answers each id once, with a result or an error.
 */

/** How the database is opened: a data folder, or memory started from a dumped data folder (tests). */
export interface PgliteThreadOptions {
  dataDir: string | null;
  /** A dumped data folder (tar) to start from, as bytes: a Blob does not cross threads everywhere. */
  template?: ArrayBuffer;
}

/** Query options as Drizzle passes them; parsers cross as the type ids whose text is kept as is. */
export interface QueryOptionsMessage {
  rowMode?: 'array' | 'object';
  rawTypes?: number[];
}

export type ThreadRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[]; options: QueryOptionsMessage; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin'; tx: number }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; channel: string }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

/** A PostgreSQL error's fields (code, constraint, detail…), which a thread boundary would otherwise drop. */
export interface ErrorMessage {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

export type ThreadMessage =
  | { type: 'ready' }
  | { type: 'failed'; error: ErrorMessage }
  | { type: 'result'; id: number; result: unknown }
  | { type: 'error'; id: number; error: ErrorMessage }
  | { type: 'notify'; channel: string; payload: string };

/** The error's own fields, copied so the other side can rebuild an equal error. */
export function toErrorMessage(error: unknown): ErrorMessage {
  if (!error || typeof error !== 'object') return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    if (typeof value === 'object' && value !== null) continue;
    fields[key] = value;
  }
  // PGlite's file system throws plain objects ({ name: 'ErrnoError', errno: 51 } for a full disk): their
  // name and errno, not '[object Object]' (docs/operations.md#start-up).
  // The errno crosses among the fields.
  const { name, message } = error as { name?: unknown; message?: unknown };
  const nameText = typeof name === 'string' && name ? name : 'Error';
  return { name: nameText, message: typeof message === 'string' ? message : nameText, fields };
}

export function fromErrorMessage(message: ErrorMessage): Error {
  const error = new Error(message.message);
  error.name = message.name;
  return Object.assign(error, message.fields);
}

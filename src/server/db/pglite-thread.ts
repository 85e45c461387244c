import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import {
  fromErrorMessage,
  type PgliteThreadOptions,
  type QueryOptionsMessage,
  type ThreadMessage,
  type ThreadRequest,
} from './pglite-protocol';
import { pgliteWorkerEntry } from './pglite-worker-entry';

/** What Drizzle's PGlite driver calls on a client or on an open transaction. */
export interface PgliteQueries {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

/** Spreads a request over the union so each member keeps its own fields. */
type Request = ThreadRequest extends infer R ? (R extends ThreadRequest ? Omit<R, 'id'> : never) : never;

const CLOSE_TIMEOUT_MS = 10_000;

/**
 * The embedded database on a thread of its own (ADR 0020): PGlite runs every statement synchronously on
 * the thread that owns it, so on the portal's thread a burst of orders would hold up every other request.
 * This object stands where the PGlite instance stood: Drizzle's PGlite driver uses it unchanged (query,
 * exec, transaction), and so do LISTEN, the data-folder dump and close.
 */
export class PgliteThread implements PgliteQueries {
  private nextId = 0;
  private nextTransaction = 0;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private stopped: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: ThreadMessage) => this.receive(message));
    worker.on('error', (error) => this.stop(error));
    worker.on('exit', (code) => this.stop(new Error(`The database thread stopped (exit code ${code})`)));
  }

  /** Starts the thread and opens the database in it; rejects with the reason it could not be opened. */
  static async start(options: { dataDir: string | null; template?: Blob }): Promise<PgliteThread> {
    const workerData: PgliteThreadOptions = {
      dataDir: options.dataDir,
      ...(options.template ? { template: await options.template.arrayBuffer() } : {}),
    };
    const source = pgliteWorkerEntry(import.meta.url);
    const worker = new Worker(source, {
      workerData,
      transferList: workerData.template ? [workerData.template] : [],
    });
    let onMessage = (_message: ThreadMessage) => {};
    let onError = (_error: Error) => {};
    let onExit = (_code: number) => {};
    try {
      await new Promise<void>((resolve, reject) => {
        onMessage = (message) => {
          if (message.type === 'ready') resolve();
          if (message.type === 'failed') reject(fromErrorMessage(message.error));
        };
        onError = reject;
        onExit = (code) => reject(new Error(`The database thread exited during start-up (${code})`));
        worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      });
    } catch (error) {
      await worker.terminate();
      throw error;
    } finally {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    }
    return new PgliteThread(worker);
  }

  query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    return this.request({ op: 'query', sql, params, options: optionsMessage(options) }) as Promise<
      Results<T>
    >;
  }

  exec(sql: string): Promise<Results[]> {
    return this.request({ op: 'exec', sql }) as Promise<Results[]>;
  }

  /**
   * Runs `callback` in a transaction held open in the thread until it settles: committed when it resolves,
   * rolled back when it throws. Other work waits for it, as it does in PGlite itself.
   */
  async transaction<T>(
    callback: (tx: PgliteQueries & { rollback(): Promise<void> }) => Promise<T>,
  ): Promise<T> {
    const tx = (this.nextTransaction += 1);
    await this.request({ op: 'begin', tx });
    const handle = {
      query: <R>(sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
        this.request({ op: 'query', sql, params, options: optionsMessage(options), tx }) as Promise<
          Results<R>
        >,
      exec: (sql: string) => this.request({ op: 'exec', sql, tx }) as Promise<Results[]>,
      rollback: () => Promise.reject(new Error('Throw from the transaction to roll it back')),
    };
    let result: T;
    try {
      result = await callback(handle);
    } catch (error) {
      await this.request({ op: 'end', tx, commit: false }).catch(() => {});
      throw error;
    }
    await this.request({ op: 'end', tx, commit: true });
    return result;
  }

  /** LISTEN on `channel`; resolves to the function that stops this callback. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let callbacks = this.listeners.get(channel);
    if (!callbacks) {
      callbacks = new Set();
      this.listeners.set(channel, callbacks);
      await this.request({ op: 'listen', channel });
    }
    callbacks.add(callback);
    return async () => {
      callbacks.delete(callback);
      if (callbacks.size > 0 || this.listeners.get(channel) !== callbacks) return;
      this.listeners.delete(channel);
      if (!this.stopped) await this.request({ op: 'unlisten', channel });
    };
  }

  /** The data folder as a tar archive (test templates). */
  async dumpDataDir(): Promise<Blob> {
    return new Blob([(await this.request({ op: 'dump' })) as ArrayBuffer]);
  }

  /** Closes the database (its files are consistent on disk) and waits for the thread to end. */
  async close(): Promise<void> {
    if (this.stopped) return;
    const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    await this.request({ op: 'close' });
    const timeout = setTimeout(() => void this.worker.terminate(), CLOSE_TIMEOUT_MS);
    await exited;
    clearTimeout(timeout);
  }

  private request(request: Request): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  private receive(message: ThreadMessage) {
    if (message.type === 'notify') {
      for (const callback of this.listeners.get(message.channel) ?? []) callback(message.payload);
      return;
    }
    if (message.type !== 'result' && message.type !== 'error') return;
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (message.type === 'result') waiting.resolve(message.result);
    else waiting.reject(fromErrorMessage(message.error));
  }

  /** The thread is gone: everything still waiting fails with the reason. */
  private stop(reason: Error) {
    this.stopped ??= reason;
    for (const waiting of this.pending.values()) waiting.reject(this.stopped);
    this.pending.clear();
  }
}

/**
 * Drizzle's PGlite driver passes parsers that keep dates as text: they cross as the type ids they apply to.
 * Functions cannot cross a thread, so any other parser is refused rather than silently ignored.
 */
function optionsMessage(options: QueryOptions): QueryOptionsMessage {
  // Object.entries types a number-indexed record's values as any: name the parser's shape (pglite's Parser).
  type Parser = (value: string, typeId: number) => unknown;
  const rawTypes = Object.entries(options.parsers ?? {}).map(([oid, parser]: [string, Parser]) => {
    if (parser('text', Number(oid)) !== 'text') throw new Error(`Unsupported parser for type ${oid}`);
    return Number(oid);
  });
  return {
    ...(options.rowMode ? { rowMode: options.rowMode } : {}),
    ...(rawTypes.length ? { rawTypes } : {}),
  };
}

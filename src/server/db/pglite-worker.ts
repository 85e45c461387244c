import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import {
  toErrorMessage,
  type PgliteThreadOptions,
  type QueryOptionsMessage,
  type ThreadMessage,
  type ThreadRequest,
} from './pglite-protocol';

/**
 * The thread that owns the embedded database (ADR 0020): it opens PGlite, runs what the portal's thread
 * asks (pglite-thread.ts), and answers. PGlite's own locks order the work as before: a query outside a
 * transaction waits until the open transaction ends.
 */
if (!parentPort) throw new Error('pglite-worker.ts runs as a worker thread');
const port = parentPort;

const send = (message: ThreadMessage) => port.postMessage(message);

/** An open transaction: its PGlite handle, and how to end it. */
interface OpenTransaction {
  tx: Transaction;
  end(commit: boolean): void;
  ended: Promise<void>;
}

/** Thrown inside a transaction to roll it back, then recognised (by identity) and swallowed. */
const ROLLBACK = new Error('rollback');
const identity = (value: unknown) => value;

function queryOptions(options: QueryOptionsMessage): QueryOptions {
  return {
    ...(options.rowMode ? { rowMode: options.rowMode } : {}),
    ...(options.rawTypes
      ? { parsers: Object.fromEntries(options.rawTypes.map((oid) => [oid, identity])) }
      : {}),
  };
}

async function open(options: PgliteThreadOptions): Promise<PGlite> {
  const client = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.template ? { loadDataDir: new Blob([options.template]) } : {}),
  });
  await client.waitReady;
  return client;
}

function serve(client: PGlite) {
  const transactions = new Map<number, OpenTransaction>();
  const listeners = new Map<string, () => Promise<void>>();
  const target = (tx: number | undefined) => {
    if (tx === undefined) return client;
    const open = transactions.get(tx);
    if (!open) throw new Error(`Transaction ${tx} is not open`);
    return open.tx;
  };

  const begin = (id: number, txId: number) => {
    let end: (commit: boolean) => void = () => {};
    const decided = new Promise<boolean>((resolve) => {
      end = resolve;
    });
    let opened = false;
    const ended = client
      .transaction(async (tx) => {
        opened = true;
        transactions.set(txId, { tx, end, ended });
        send({ type: 'result', id, result: null });
        if (!(await decided)) throw ROLLBACK;
      })
      .catch((error: unknown) => {
        if (error !== ROLLBACK) throw error;
      })
      .finally(() => transactions.delete(txId));
    // BEGIN itself failed: the transaction never opened.
    ended.catch((error: unknown) => {
      if (!opened) send({ type: 'error', id, error: toErrorMessage(error) });
    });
  };

  const handle = async (request: ThreadRequest): Promise<unknown> => {
    switch (request.op) {
      case 'query':
        return target(request.tx).query(request.sql, request.params, queryOptions(request.options));
      case 'exec':
        return target(request.tx).exec(request.sql);
      case 'end': {
        const open = transactions.get(request.tx);
        if (!open) throw new Error(`Transaction ${request.tx} is not open`);
        open.end(request.commit);
        await open.ended;
        return null;
      }
      case 'listen': {
        if (!listeners.has(request.channel)) {
          const stop = await client.listen(request.channel, (payload) =>
            send({ type: 'notify', channel: request.channel, payload }),
          );
          listeners.set(request.channel, stop);
        }
        return null;
      }
      case 'unlisten':
        await listeners.get(request.channel)?.();
        listeners.delete(request.channel);
        return null;
      case 'dump':
        return (await client.dumpDataDir('none')).arrayBuffer();
      case 'close':
        await client.close();
        return null;
      case 'begin':
        throw new Error('begin is answered by the transaction itself');
    }
  };

  port.on('message', (request: ThreadRequest) => {
    if (request.op === 'begin') {
      begin(request.id, request.tx);
      return;
    }
    handle(request).then(
      (result) => {
        send({ type: 'result', id: request.id, result });
        if (request.op === 'close') port.close();
      },
      (error: unknown) => send({ type: 'error', id: request.id, error: toErrorMessage(error) }),
    );
  });
}

open(workerData as PgliteThreadOptions).then(
  (client) => {
    serve(client);
    send({ type: 'ready' });
  },
  (error: unknown) => send({ type: 'failed', error: toErrorMessage(error) }),
);

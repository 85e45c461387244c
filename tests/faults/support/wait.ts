/** Bounded waiting for the fault suite: every wait ends, and a timeout says what it waited for. */

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** Thrown by a `check` of waitFor when waiting longer cannot help (the process it waits for has exited). */
export class GiveUp extends Error {}

/**
 * Calls `check` every `intervalMs` until it returns something other than undefined/false, and resolves to
 * that; after `timeoutMs` rejects with `what`, how long it waited, and `describe()` (the state it last saw).
 * A `check` that throws is retried too (a portal still starting refuses connections), unless it throws GiveUp.
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  {
    timeoutMs,
    intervalMs = 250,
    describe,
  }: { timeoutMs: number; intervalMs?: number; describe?: () => string },
): Promise<T> {
  const started = Date.now();
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      if (error instanceof GiveUp) throw error;
      lastError = error;
    }
    if (Date.now() - started >= timeoutMs) {
      const state = [describe?.(), lastError instanceof Error ? `last error: ${lastError.message}` : '']
        .filter(Boolean)
        .join('; ');
      throw new Error(
        `Timed out after ${seconds(timeoutMs)} s waiting for ${what}${state ? `: ${state}` : ''}`,
      );
    }
    await sleep(intervalMs);
  }
}

import { isDatabaseUnreachable } from './postgres-errors';

/**
 * One value computed from the database and kept in memory until the database says it changed. While the
 * change feed is not live (not yet subscribed, or its connection is down) every read goes to the database,
 * so a missed notification can never serve stale data. A load that overlaps an invalidation is used for the
 * callers that asked before it, never cached for those after.
 */
export function createInvalidatedCache<T>(
  loadFromDatabase: () => Promise<T>,
  options: { lastKnownWhenUnreachable?: LastKnownFallback } = {},
) {
  let live = false;
  let generation = 0;
  let cached: { generation: number; value: Promise<T>; settled?: T } | null = null;
  let lastKnown: { value: T } | null = null;
  let stale = false;
  const { lastKnownWhenUnreachable } = options;

  // With a fallback: the last value loaded is kept, and served (marked stale) while the database cannot be
  // reached (docs/operations.md#database-outages); any other failure is the caller's.
  const load = !lastKnownWhenUnreachable
    ? loadFromDatabase
    : async (): Promise<T> => {
        try {
          const value = await loadFromDatabase();
          lastKnown = { value };
          stale = false;
          return value;
        } catch (error) {
          if (!lastKnown || !isDatabaseUnreachable(error)) throw error;
          lastKnownWhenUnreachable(error);
          stale = true;
          // Never kept as the current value: the next reader asks the database again.
          generation++;
          return lastKnown.value;
        }
      };

  const invalidate = () => {
    generation++;
    cached = null;
  };

  return {
    get(): Promise<T> {
      if (!live) return load();
      if (cached && cached.generation === generation) return cached.value;
      const entry: { generation: number; value: Promise<T>; settled?: T } = { generation, value: load() };
      cached = entry;
      entry.value.then(
        (value) => {
          entry.settled = value;
        },
        () => {
          if (cached === entry) cached = null;
        },
      );
      return entry.value;
    },
    /** Starts loading the value for later readers when it can be kept (live) and none is current. */
    warm(): void {
      if (live && !(cached && cached.generation === generation)) this.get().catch(() => {});
    },
    /** The current value if one is loaded and still valid, without loading (undefined otherwise). */
    peek(): T | undefined {
      return live && cached?.generation === generation ? cached.settled : undefined;
    },
    invalidate,
    /** True while the value served is the last known one because the database cannot be reached. */
    get stale() {
      return stale;
    },
    setLive(isLive: boolean) {
      live = isLive;
      invalidate();
    },
  };
}

/** Told when the last known value is served because the database could not be reached (the outage watch). */
export type LastKnownFallback = (error: unknown) => void;

export type InvalidatedCache<T> = ReturnType<typeof createInvalidatedCache<T>>;

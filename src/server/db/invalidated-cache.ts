/**
 * One value computed from the database and kept in memory until the database says it changed. While the
 * change feed is not live (not yet subscribed, or its connection is down) every read goes to the database,
 * so a missed notification can never serve stale data. A load that overlaps an invalidation is used for the
 * callers that asked before it, never cached for those after.
 */
export function createInvalidatedCache<T>(load: () => Promise<T>) {
  let live = false;
  let generation = 0;
  let cached: { generation: number; value: Promise<T> } | null = null;

  const invalidate = () => {
    generation++;
    cached = null;
  };

  return {
    get(): Promise<T> {
      if (!live) return load();
      if (cached && cached.generation === generation) return cached.value;
      const entry = { generation, value: load() };
      cached = entry;
      entry.value.catch(() => {
        if (cached === entry) cached = null;
      });
      return entry.value;
    },
    invalidate,
    setLive(isLive: boolean) {
      live = isLive;
      invalidate();
    },
  };
}

export type InvalidatedCache<T> = ReturnType<typeof createInvalidatedCache<T>>;

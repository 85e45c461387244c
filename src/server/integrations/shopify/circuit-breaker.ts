export interface CircuitBreakerOptions {
  /** Consecutive store failures (5xx, network, timeout; not 429 or THROTTLED) that open the circuit. */
  failureThreshold: number;
  /** How long an open circuit refuses requests before letting one trial request through. */
  cooldownMs: number;
}

export type CircuitState = 'closed' | 'open' | 'half-open';

export type CircuitPermit = { allowed: true } | { allowed: false; retryInMs: number };

export interface CircuitBreaker {
  /** Whether a request may go out now; in half-open state only one trial request is let through. */
  tryAcquire(): CircuitPermit;
  /** The store answered (any answer that is not a store failure): closes the circuit. */
  recordSuccess(): void;
  /** A store failure: counts towards opening; a failed trial re-opens at once. */
  recordFailure(): void;
  state(): CircuitState;
}

/**
 * A classic three-state breaker so a dead store answers fast instead of making every portal request wait out
 * timeouts and retries: closed → (threshold consecutive failures) → open → (cool-down) → half-open, where one
 * trial request closes it again or re-opens it for another cool-down.
 */
export function createCircuitBreaker(options: CircuitBreakerOptions, now: () => number): CircuitBreaker {
  let state: CircuitState = 'closed';
  let consecutiveFailures = 0;
  let openedAt = 0;
  let trialStartedAt: number | null = null;

  return {
    tryAcquire() {
      if (state === 'closed') return { allowed: true };
      const time = now();
      if (state === 'open') {
        const waited = time - openedAt;
        if (waited < options.cooldownMs) return { allowed: false, retryInMs: options.cooldownMs - waited };
        state = 'half-open';
        trialStartedAt = time;
        return { allowed: true };
      }
      // Half-open: one trial at a time. A trial that never reported back (it cannot, but if it did) stops
      // blocking after one cool-down so the breaker can never stick.
      if (trialStartedAt !== null && time - trialStartedAt < options.cooldownMs) {
        return { allowed: false, retryInMs: options.cooldownMs - (time - trialStartedAt) };
      }
      trialStartedAt = time;
      return { allowed: true };
    },
    recordSuccess() {
      state = 'closed';
      consecutiveFailures = 0;
      trialStartedAt = null;
    },
    recordFailure() {
      consecutiveFailures += 1;
      if (state === 'half-open' || consecutiveFailures >= options.failureThreshold) {
        state = 'open';
        openedAt = now();
        trialStartedAt = null;
      }
    },
    state: () => state,
  };
}

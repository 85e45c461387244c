import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { createHashGate } from './password-hash';

describe('the password-hashing gate', () => {
  it('runs at most `running` at once, queues `waiting` more, and refuses the rest as busy (503)', async () => {
    const gate = createHashGate({ running: 1, waiting: 2 });
    let active = 0;
    let mostAtOnce = 0;
    const releases: Array<() => void> = [];
    const work = () =>
      gate.run(async () => {
        active += 1;
        mostAtOnce = Math.max(mostAtOnce, active);
        await new Promise<void>((resolve) => releases.push(resolve));
        active -= 1;
        return 'hashed';
      });
    const results = Array.from({ length: 5 }, () => work().catch((error: unknown) => error));
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (let round = 0; round < 3; round += 1) {
      releases.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const settled = await Promise.all(results);
    expect(settled.filter((result) => result === 'hashed')).toHaveLength(3);
    const refused = settled.filter((result) => result instanceof AppError);
    expect(refused).toHaveLength(2);
    expect(refused.every((error) => error.code === 'UNAVAILABLE')).toBe(true);
    expect(mostAtOnce).toBe(1);
  });

  it('frees its place when the work fails', async () => {
    const gate = createHashGate({ running: 1, waiting: 0 });
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });
});

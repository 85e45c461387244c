import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createRequestGauge } from './request-gauge';

describe('request gauge', () => {
  let server: http.Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  it('counts requests until their answer is sent or the client goes away, and is busy above its limit', async () => {
    const held: http.ServerResponse[] = [];
    server = http.createServer((_request, response) => held.push(response));
    const gauge = createRequestGauge(1);
    gauge.watch(server);
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    const requests = [0, 1].map(() => http.get({ port, host: '127.0.0.1', agent: false }));
    for (const request of requests) request.on('error', () => {});
    await expect.poll(() => gauge.inFlight()).toBe(2);
    expect(gauge.busy()).toBe(true);

    held[0]?.end('done');
    await expect.poll(() => gauge.inFlight()).toBe(1);
    expect(gauge.busy()).toBe(false);

    requests[1]?.destroy();
    await expect.poll(() => gauge.inFlight()).toBe(0);
  });
});

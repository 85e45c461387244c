import net from 'node:net';

/**
 * A TCP port that is free on `host` right now: the OS picks one for a throwaway listener, which is then
 * closed. Another process could take it before the caller binds it; for local scripts that race is rare
 * enough, and the caller fails loudly (EADDRINUSE) if it happens.
 */
export function findFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : null;
      server.close(() => (port ? resolve(port) : reject(new Error('Could not read the port the OS chose'))));
    });
  });
}

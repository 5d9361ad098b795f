import net from 'node:net';
import type { AddressInfo } from 'node:net';

export type CuttingProxy = {
  /** The proxy's base URL, to give a client instead of the server's. */
  url: string;
  /** Whether the cut has happened. */
  hasCut: () => boolean;
  close: () => Promise<void>;
};

/**
 * A TCP proxy on the loopback in front of a server, as a phone's connection is: it passes everything on until
 * one connection has sent `cutAfterBytes` towards the server, then drops that connection mid-request (once; later
 * connections pass through whole).
 */
export async function startCuttingProxy(targetPort: number, cutAfterBytes: number): Promise<CuttingProxy> {
  let isCut = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', drop);
    upstream.on('close', drop);
    upstream.pipe(client);
    let sent = 0;
    client.on('data', (chunk: Buffer) => {
      if (isCut || sent + chunk.length < cutAfterBytes) {
        sent += chunk.length;
        upstream.write(chunk);
        return;
      }
      isCut = true;
      client.pause();
      upstream.write(chunk.subarray(0, cutAfterBytes - sent));
      // A moment lets the server read what was passed on before the connection drops.
      setTimeout(drop, 300);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hasCut: () => isCut,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

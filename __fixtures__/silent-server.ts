/**
 * A server on loopback that accepts every connection, reads what comes, and never answers: the
 * fault of a GitHub API or a git remote that hangs, which every wait of the action's must outlast.
 */
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export interface SilentServer {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** Connections accepted so far. */
  connections: () => number;
  close: () => Promise<void>;
}

export async function startSilentServer(): Promise<SilentServer> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => connections,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

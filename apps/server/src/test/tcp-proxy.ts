/**
 * A TCP relay in front of a server (e.g. PostgreSQL) that a test can stop and start again on the
 * same port: stopped, it refuses new connections and cuts the open ones, as a database that goes
 * down does to the processes connected to it.
 */
import net from 'node:net';

export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private listenPort = 0;

  constructor(private readonly upstream: { host: string; port: number }) {}

  /** The port it listens on (chosen by the system at the first start, kept after). */
  get port(): number {
    return this.listenPort;
  }

  async start(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.upstream.port, this.upstream.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        // A cut connection errors on both ends; the relay just closes the other one.
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).on('close', () => client.destroy());
      upstream.pipe(client).on('close', () => upstream.destroy());
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.listenPort, '127.0.0.1', () => resolve());
    });
    this.listenPort = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** Refuses new connections and cuts every open one. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

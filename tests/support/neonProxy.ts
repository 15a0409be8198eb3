// Neon's WebSocket proxy, on 127.0.0.1: each WebSocket carries one Postgres connection's bytes to the
// address it names (`?address=host:port`), as Neon's own proxy does in front of its pooler. With it, the
// serverless driver production uses (Neon's Pool through @netlify/database, NETLIFY_DB_DRIVER=serverless)
// talks to the tests' real PostgreSQL, so a test runs the order path through that driver.
import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import { neonConfig } from "@neondatabase/serverless";
import { WebSocketServer } from "ws";

export interface NeonProxy {
  /** WebSockets opened so far (each one a Postgres connection). */
  readonly opened: number;
  stop(): Promise<void>;
}

/** Starts the proxy and points Neon's driver at it (plain ws://, no TLS inside, as Neon's local set-up documents). */
export async function startNeonProxy(): Promise<NeonProxy> {
  let opened = 0;
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  server.on("connection", (socket, request) => {
    opened += 1;
    const address = new URL(request.url ?? "/", "http://proxy").searchParams.get("address") ?? "";
    const [host, port] = address.split(":");
    const postgres = connect(Number(port), host === "localhost" ? "127.0.0.1" : host);
    // Bytes the driver sends before Postgres is reached wait in the socket's own buffer.
    socket.on("message", (data: Buffer) => postgres.write(data));
    postgres.on("data", (data) => socket.send(data));
    const close = () => {
      postgres.destroy();
      socket.close();
    };
    socket.on("close", close);
    socket.on("error", close);
    postgres.on("close", close);
    postgres.on("error", close);
  });
  await new Promise<void>((resolve) => server.on("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  neonConfig.wsProxy = (host, dbPort) => `127.0.0.1:${port}/v1?address=${host}:${dbPort}`;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineTLS = false;
  neonConfig.pipelineConnect = false;
  return {
    get opened() {
      return opened;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}

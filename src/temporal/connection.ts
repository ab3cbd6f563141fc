import fs from 'node:fs';
import { Connection } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import type { Config } from '../core/config.js';

type TemporalConfig = Readonly<Config['temporal']>;

/** TLS and API-key options shared by client and worker connections (Temporal Cloud or self-hosted TLS). */
function connectionOptions(t: TemporalConfig) {
  const tls = t.tls
    ? {
        ...(t.tlsServerName ? { serverNameOverride: t.tlsServerName } : {}),
        ...(t.tlsCaPath ? { serverRootCACertificate: fs.readFileSync(t.tlsCaPath) } : {}),
        ...(t.tlsCertPath && t.tlsKeyPath ? { clientCertPair: { crt: fs.readFileSync(t.tlsCertPath), key: fs.readFileSync(t.tlsKeyPath) } } : {}),
      }
    : undefined;
  return {
    address: t.address!,
    ...(tls ? { tls } : {}),
    ...(t.apiKey ? { apiKey: t.apiKey } : {}),
  };
}

/**
 * A client connection that connects on first use, so the API starts (and queues documents) while Temporal is down.
 * gRPC retries a failed connection with a backoff that grows to 2 min by default; capped at 5 s here so work resumes
 * within seconds of Temporal coming back.
 */
export function connectClient(t: TemporalConfig): Connection {
  return Connection.lazy({
    ...connectionOptions(t),
    channelArgs: { 'grpc.initial_reconnect_backoff_ms': 500, 'grpc.max_reconnect_backoff_ms': 5_000 },
  });
}

export function connectWorker(t: TemporalConfig): Promise<NativeConnection> {
  return NativeConnection.connect(connectionOptions(t));
}

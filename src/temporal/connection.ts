import fs from 'node:fs';
import { Connection } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import type { Config } from '../config.js';

type TemporalConfig = Readonly<Config['temporal']>;

/** TLS and API-key options shared by client and worker connections (Temporal Cloud or self-hosted TLS). */
function connectionOptions(t: TemporalConfig) {
  const tls = t.tls
    ? {
        ...(t.tlsServerName ? { serverNameOverride: t.tlsServerName } : {}),
        ...(t.tlsCaPath ? { serverRootCACertificate: fs.readFileSync(t.tlsCaPath) } : {}),
        ...(t.tlsCertPath && t.tlsKeyPath
          ? { clientCertPair: { crt: fs.readFileSync(t.tlsCertPath), key: fs.readFileSync(t.tlsKeyPath) } }
          : {}),
      }
    : undefined;
  return {
    address: t.address!,
    ...(tls ? { tls } : {}),
    ...(t.apiKey ? { apiKey: t.apiKey } : {}),
  };
}

export function connectClient(t: TemporalConfig): Promise<Connection> {
  return Connection.connect(connectionOptions(t));
}

export function connectWorker(t: TemporalConfig): Promise<NativeConnection> {
  return NativeConnection.connect(connectionOptions(t));
}

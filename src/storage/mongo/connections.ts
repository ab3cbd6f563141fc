import type { Collection, Db } from 'mongodb';
import type { ConnectionPatch, ConnectionQuery, ConnectionRecord, ConnectionStore, SyncItemRecord, SyncRunPatch, SyncRunRecord } from '../connections.js';
import { isDuplicateKey } from './duplicate-key.js';

/** A connection; metadata and state as JSON strings, since their keys come from clients and connectors. */
interface ConnectionBson extends Omit<ConnectionRecord, 'id' | 'metadata' | 'state'> {
  _id: string;
  metadata: string;
  state: string;
}
interface SyncRunBson extends Omit<SyncRunRecord, 'id'> {
  _id: string;
}
interface SyncItemBson extends SyncItemRecord {
  /** JSON [orgId, connectionId, externalId]. */
  _id: string;
}

const itemKey = (orgId: string, connectionId: string, externalId: string) => JSON.stringify([orgId, connectionId, externalId]);

function toBson(conn: ConnectionRecord): ConnectionBson {
  const { id, metadata, state, ...rest } = conn;
  return { _id: id, ...rest, metadata: JSON.stringify(metadata), state: JSON.stringify(state ?? null) };
}

function fromBson(b: ConnectionBson): ConnectionRecord {
  const { _id, metadata, state, ...rest } = b;
  return {
    id: _id,
    ...rest,
    credentials: rest.credentials ?? null,
    nextSyncAt: rest.nextSyncAt ?? null,
    lastSyncAt: rest.lastSyncAt ?? null,
    error: rest.error ?? null,
    metadata: JSON.parse(metadata) as ConnectionRecord['metadata'],
    state: JSON.parse(state) as unknown,
  };
}

function runFromBson(b: SyncRunBson): SyncRunRecord {
  const { _id, ...rest } = b;
  return { id: _id, ...rest, error: rest.error ?? null, finishedAt: rest.finishedAt ?? null };
}

function patchToSet(patch: ConnectionPatch): Record<string, unknown> {
  const set: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    set[k] = k === 'metadata' || k === 'state' ? JSON.stringify(v ?? null) : v;
  }
  return set;
}

/** ConnectionStore on MongoDB: collections connections, connection_sync_runs, connection_items and connection_claims. */
export class MongoConnections implements ConnectionStore {
  private readonly connections: Collection<ConnectionBson>;
  private readonly runs: Collection<SyncRunBson>;
  private readonly items: Collection<SyncItemBson>;
  private readonly claims: Collection<{ _id: string; connectionId: string; claimedAt: number }>;

  constructor(db: Db) {
    this.connections = db.collection<ConnectionBson>('connections');
    this.runs = db.collection<SyncRunBson>('connection_sync_runs');
    this.items = db.collection<SyncItemBson>('connection_items');
    this.claims = db.collection('connection_claims');
  }

  /** Creates the secondary indexes (idempotent; one per command, as FerretDB prefers). */
  async ensureIndexes(): Promise<void> {
    await this.connections.createIndexes([{ name: 'connections_org', key: { orgId: 1, createdAt: 1 } }]);
    await this.connections.createIndexes([{ name: 'connections_due', key: { nextSyncAt: 1 } }]);
    await this.runs.createIndexes([{ name: 'connection_sync_runs_connection', key: { orgId: 1, connectionId: 1, startedAt: 1 } }]);
    await this.items.createIndexes([{ name: 'connection_items_connection', key: { orgId: 1, connectionId: 1 } }]);
  }

  async insertConnection(conn: ConnectionRecord): Promise<void> {
    await this.connections.insertOne(toBson(conn));
  }

  async getConnection(orgId: string, id: string): Promise<ConnectionRecord | null> {
    const b = await this.connections.findOne({ _id: { $eq: id }, orgId: { $eq: orgId } });
    return b ? fromBson(b) : null;
  }

  async listConnections(orgId: string, query: ConnectionQuery = {}): Promise<ConnectionRecord[]> {
    const filter: Record<string, unknown> = { orgId: { $eq: orgId } };
    if (query.provider) filter.provider = { $eq: query.provider };
    if (query.containerTags && query.containerTags.length > 0) filter.containerTags = { $in: [...query.containerTags] };
    const rows = await this.connections.find(filter).sort({ createdAt: 1, _id: 1 }).toArray();
    return rows.map(fromBson);
  }

  async updateConnection(orgId: string, id: string, patch: ConnectionPatch): Promise<ConnectionRecord | null> {
    const set = patchToSet(patch);
    if (Object.keys(set).length > 0) await this.connections.updateOne({ _id: { $eq: id }, orgId: { $eq: orgId } }, { $set: set });
    return this.getConnection(orgId, id);
  }

  async deleteConnection(orgId: string, id: string): Promise<boolean> {
    await this.items.deleteMany({ orgId: { $eq: orgId }, connectionId: { $eq: id } });
    await this.claims.deleteMany({ connectionId: { $eq: id } });
    await this.runs.deleteMany({ orgId: { $eq: orgId }, connectionId: { $eq: id } });
    const res = await this.connections.deleteOne({ _id: { $eq: id }, orgId: { $eq: orgId } });
    return res.deletedCount > 0;
  }

  async listConnectionsOfProvider(provider: string): Promise<ConnectionRecord[]> {
    const rows = await this.connections
      .find({ provider: { $eq: provider } })
      .sort({ createdAt: 1, _id: 1 })
      .toArray();
    return rows.map(fromBson);
  }

  async claimDueConnections(now: number, leaseMs: number, limit: number): Promise<ConnectionRecord[]> {
    const due = await this.connections
      .find({ status: { $ne: 'needs_reauth' }, nextSyncAt: { $ne: null, $lte: now } })
      .sort({ nextSyncAt: 1, _id: 1 })
      .limit(limit)
      .toArray();
    const claimed: ConnectionRecord[] = [];
    for (const b of due) {
      // A claim is the insert of a key naming the connection and the due time read: unique-key inserts are atomic
      // on MongoDB and FerretDB alike (a conditional update is not atomic on FerretDB), so one process wins it.
      const key = JSON.stringify([b._id, b.nextSyncAt]);
      try {
        await this.claims.insertOne({ _id: key, connectionId: b._id, claimedAt: now });
      } catch (err) {
        if (isDuplicateKey(err)) continue;
        throw err;
      }
      await this.claims.deleteMany({ connectionId: { $eq: b._id }, _id: { $ne: key } });
      await this.connections.updateOne({ _id: b._id }, { $set: { nextSyncAt: now + leaseMs } });
      claimed.push({ ...fromBson(b), nextSyncAt: now + leaseMs });
    }
    return claimed;
  }

  async insertSyncRun(run: SyncRunRecord): Promise<void> {
    const { id, ...rest } = run;
    await this.runs.insertOne({ _id: id, ...rest });
  }

  async updateSyncRun(orgId: string, id: string, patch: SyncRunPatch): Promise<SyncRunRecord | null> {
    const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length > 0) await this.runs.updateOne({ _id: { $eq: id }, orgId: { $eq: orgId } }, { $set: set });
    const b = await this.runs.findOne({ _id: { $eq: id }, orgId: { $eq: orgId } });
    return b ? runFromBson(b) : null;
  }

  async listSyncRuns(orgId: string, connectionId: string, limit: number): Promise<SyncRunRecord[]> {
    const rows = await this.runs
      .find({ orgId: { $eq: orgId }, connectionId: { $eq: connectionId } })
      .sort({ startedAt: -1, _id: -1 })
      .limit(limit)
      .toArray();
    return rows.map(runFromBson);
  }

  async listSyncItems(orgId: string, connectionId: string): Promise<SyncItemRecord[]> {
    const rows = await this.items
      .find({ orgId: { $eq: orgId }, connectionId: { $eq: connectionId } })
      .sort({ externalId: 1 })
      .toArray();
    return rows.map(({ _id, ...rest }) => ({ ...rest, version: rest.version ?? null }));
  }

  async putSyncItem(item: SyncItemRecord): Promise<void> {
    const { orgId, connectionId, externalId } = item;
    await this.items.replaceOne({ _id: itemKey(orgId, connectionId, externalId) }, { ...item }, { upsert: true });
  }

  async deleteSyncItem(orgId: string, connectionId: string, externalId: string): Promise<void> {
    await this.items.deleteOne({ _id: itemKey(orgId, connectionId, externalId) });
  }
}

import path from 'node:path';
import type { Config } from '../core/config.js';
import type { Logger } from '../core/logger.js';
import { MongoStore } from './mongo/mongo-store.js';
import { SqliteStore } from './sqlite/sqlite-store.js';
import type { Store } from './store.js';

/** The configured store: MongoDB when MONGODB_URI is set, else SQLite in MNEMO_DATA_DIR. Callers migrate it. */
export function openStore(config: Readonly<Config>, logger: Logger): Store {
  return config.mongodb.uri ? new MongoStore({ uri: config.mongodb.uri, db: config.mongodb.db, atlasSearch: config.mongodb.atlasSearch, logger }) : new SqliteStore(path.join(config.dataDir, 'mnemo.db'), { logger });
}

import type { SettingsRecord } from '../../core/types.js';
import type { SettingsStore } from '../settings.js';
import { escapeKey, fromOpaque, toOpaque } from './codec.js';
import type { Collections } from './schema.js';

/** Settings on MongoDB: one document per organisation, its keys escaped (codec.ts). */
export class MongoSettings implements SettingsStore {
  constructor(private readonly c: Collections) {}

  async getSettings(orgId: string): Promise<SettingsRecord> {
    const b = await this.c.settings.findOne({ _id: { $eq: orgId } });
    return b?.data ? (fromOpaque(b.data) as SettingsRecord) : {};
  }

  /** Shallow merge, one `$set` per key, so concurrent updates of different keys never lose each other. */
  async updateSettings(orgId: string, patch: SettingsRecord): Promise<SettingsRecord> {
    const $set: Record<string, unknown> = { updatedAt: new Date().toISOString() };
    const $unset: Record<string, ''> = {};
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) $unset[`data.${escapeKey(key)}`] = '';
      else $set[`data.${escapeKey(key)}`] = toOpaque(value);
    }
    const b = await this.c.settings.findOneAndUpdate({ _id: orgId }, Object.keys($unset).length > 0 ? { $set, $unset } : { $set }, { upsert: true, returnDocument: 'after' });
    return b?.data ? (fromOpaque(b.data) as SettingsRecord) : {};
  }
}

import type { Db } from 'mongodb';
import { assertSecretName, type SecretStore } from '../secrets.js';
import { isDuplicateKey } from './duplicate-key.js';

/** Secrets as documents `{_id: name, value}` of the `secrets` collection; the first insert wins. */
export class MongoSecretStore implements SecretStore {
  constructor(private readonly db: Db) {}

  async getOrCreate(name: string, create: () => string): Promise<string> {
    assertSecretName(name);
    const secrets = this.db.collection<{ _id: string; value: string; createdAt: string }>('secrets');
    const found = await secrets.findOne({ _id: { $eq: name } });
    if (found) return found.value;
    try {
      await secrets.insertOne({ _id: name, value: create(), createdAt: new Date().toISOString() });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    return (await secrets.findOne({ _id: { $eq: name } }))!.value;
  }
}

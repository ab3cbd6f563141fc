import type { Filter } from 'mongodb';
import type { ApiKeyRecord, ContainerTagRecord, OrganizationRecord } from '../../core/types.js';
import type { AccountStore, ApiKeyPatch, ContainerTagPatch, ContainerTagStats } from '../accounts.js';
import { apiKeyToBson, bsonToApiKey } from './codec.js';
import { isDuplicateKey } from './duplicate-key.js';
import type { ApiKeyBson, Collections, ContainerTagBson, DocumentBson } from './schema.js';

const tagKey = (orgId: string, tag: string) => JSON.stringify([orgId, tag]);

function toContainerTag(b: ContainerTagBson): ContainerTagRecord {
  // FerretDB does not store the nulls of $setOnInsert: an absent field reads as null.
  const { orgId, tag, createdAt, updatedAt } = b;
  return { orgId, tag, name: b.name ?? null, entityContext: b.entityContext ?? null, createdAt, updatedAt };
}

/** AccountStore on MongoDB. */
export class MongoAccounts implements AccountStore {
  constructor(private readonly c: Collections) {}

  async upsertOrganization(org: OrganizationRecord): Promise<void> {
    await this.c.organizations.updateOne({ _id: org.id }, { $set: { name: org.name, slug: org.slug }, $setOnInsert: { createdAt: org.createdAt } }, { upsert: true });
  }

  async getOrganization(orgId: string): Promise<OrganizationRecord | null> {
    const b = await this.c.organizations.findOne({ _id: { $eq: orgId } });
    return b ? { id: b._id, name: b.name, slug: b.slug, createdAt: b.createdAt } : null;
  }

  async listOrganizations(): Promise<OrganizationRecord[]> {
    const rows = await this.c.organizations.find({}).sort({ createdAt: 1, _id: 1 }).toArray();
    return rows.map((b) => ({ id: b._id, name: b.name, slug: b.slug, createdAt: b.createdAt }));
  }

  async insertApiKey(key: ApiKeyRecord): Promise<void> {
    try {
      await this.c.apiKeys.insertOne(apiKeyToBson(key));
    } catch (err) {
      // Like the SQLite store: an existing hash is kept as it is.
      if (!isDuplicateKey(err) || !(await this.findApiKeyByHash(key.keyHash))) throw err;
    }
  }

  async findApiKeyByHash(keyHash: string): Promise<ApiKeyRecord | null> {
    const b = await this.c.apiKeys.findOne({ keyHash: { $eq: keyHash } });
    return b ? bsonToApiKey(b) : null;
  }

  async getApiKey(id: string, orgId?: string): Promise<ApiKeyRecord | null> {
    const query: Filter<ApiKeyBson> = { _id: { $eq: id } };
    if (orgId !== undefined) query.orgId = { $eq: orgId };
    const b = await this.c.apiKeys.findOne(query);
    return b ? bsonToApiKey(b) : null;
  }

  async listApiKeys(orgId: string): Promise<ApiKeyRecord[]> {
    const rows = await this.c.apiKeys
      .find({ orgId: { $eq: orgId } })
      .sort({ createdAt: 1, _id: 1 })
      .toArray();
    return rows.map(bsonToApiKey);
  }

  async updateApiKey(id: string, patch: ApiKeyPatch): Promise<ApiKeyRecord | null> {
    const $set: Partial<ApiKeyBson> = {};
    if (patch.name !== undefined) $set.name = patch.name;
    if (patch.enabled !== undefined) $set.enabled = patch.enabled;
    if (patch.revokedAt !== undefined) $set.revokedAt = patch.revokedAt;
    if (patch.expiresAt !== undefined) $set.expiresAt = patch.expiresAt;
    if (patch.expiryNotices !== undefined) $set.expiryNotices = [...patch.expiryNotices];
    if (Object.keys($set).length > 0) await this.c.apiKeys.updateOne({ _id: { $eq: id } }, { $set });
    return this.getApiKey(id);
  }

  async listKeysExpiringBefore(before: string): Promise<ApiKeyRecord[]> {
    const rows = await this.c.apiKeys
      .find({ expiresAt: { $ne: null, $lte: before }, enabled: { $ne: false }, revokedAt: null })
      .sort({ expiresAt: 1, _id: 1 })
      .toArray();
    return rows.filter((b) => typeof b.expiresAt === 'string').map(bsonToApiKey);
  }

  async getContainerTag(orgId: string, tag: string): Promise<ContainerTagRecord | null> {
    const b = await this.c.containerTags.findOne({ _id: { $eq: tagKey(orgId, tag) } });
    return b ? toContainerTag(b) : null;
  }

  async upsertContainerTag(orgId: string, tag: string, patch: ContainerTagPatch, now: string): Promise<ContainerTagRecord> {
    const $set: Partial<ContainerTagBson> = { updatedAt: now };
    if (patch.name !== undefined) $set.name = patch.name;
    if (patch.entityContext !== undefined) $set.entityContext = patch.entityContext;
    const $setOnInsert: Partial<ContainerTagBson> = { orgId, tag, createdAt: now };
    if (patch.name === undefined) $setOnInsert.name = null;
    if (patch.entityContext === undefined) $setOnInsert.entityContext = null;
    await this.c.containerTags.updateOne({ _id: tagKey(orgId, tag) }, { $set, $setOnInsert }, { upsert: true });
    return (await this.getContainerTag(orgId, tag))!;
  }

  async deleteContainerTag(orgId: string, tag: string): Promise<void> {
    await this.c.containerTags.deleteOne({ _id: { $eq: tagKey(orgId, tag) } });
  }

  async listContainerTags(orgId: string, tags?: readonly string[]): Promise<ContainerTagRecord[]> {
    const query: Filter<ContainerTagBson> = { orgId: { $eq: orgId } };
    if (tags) query.tag = { $in: [...tags] };
    return (await this.c.containerTags.find(query).sort({ tag: 1 }).toArray()).map(toContainerTag);
  }

  async containerTagStats(orgId: string, tags?: readonly string[]): Promise<ContainerTagStats[]> {
    const query: Filter<DocumentBson> = { orgId: { $eq: orgId } };
    if (tags) query.containerTags = { $in: [...tags] };
    // Counted in the app: FerretDB v1 cannot $unwind inside aggregations reliably, and only tags and dates are read.
    const wanted = tags ? new Set(tags) : undefined;
    const stats = new Map<string, ContainerTagStats>();
    for await (const d of this.c.documents.find(query, { projection: { containerTags: 1, createdAt: 1, updatedAt: 1 } })) {
      for (const tag of new Set(d.containerTags)) {
        if (wanted && !wanted.has(tag)) continue;
        const s = stats.get(tag) ?? { tag, documentCount: 0, firstCreatedAt: d.createdAt, lastActivityAt: null };
        s.documentCount++;
        if (d.createdAt < s.firstCreatedAt) s.firstCreatedAt = d.createdAt;
        if (!s.lastActivityAt || d.updatedAt > s.lastActivityAt) s.lastActivityAt = d.updatedAt;
        stats.set(tag, s);
      }
    }
    return [...stats.values()].sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  }
}

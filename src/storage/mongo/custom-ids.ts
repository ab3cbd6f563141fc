import { createError } from '../../core/errors.js';
import { isDuplicateKey } from './duplicate-key.js';
import type { Collections } from './schema.js';

/**
 * customId claims: one row per (organisation, container tag, customId), keyed by `_id` so that the unique index every
 * MongoDB-compatible server has (FerretDB v1 has no partial or reliable multikey unique indexes) keeps a customId
 * unique within each tag. Claims are written before the document and released after it, so a crash can only leave a
 * stale claim, which the next claimant takes over once it sees that the owner no longer holds that tag and customId.
 */
export class CustomIdClaims {
  constructor(private readonly c: Collections) {}

  /**
   * Claims customId under every tag for documentId; returns the keys it newly wrote (to release on a failed write).
   * Throws CUSTOM_ID_CONFLICT, after releasing its own new claims, when another document holds one of them.
   */
  async claim(orgId: string, documentId: string, customId: string, tags: readonly string[]): Promise<string[]> {
    const written: string[] = [];
    try {
      for (const tag of new Set(tags)) {
        const key = claimKey(orgId, tag, customId);
        if (await this.claimOne(key, orgId, documentId, customId, tag)) written.push(key);
      }
    } catch (err) {
      await this.releaseKeys(documentId, written);
      throw err;
    }
    return written;
  }

  /** Releases the given keys if documentId still holds them. */
  async releaseKeys(documentId: string, keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.c.customIds.deleteMany({ _id: { $in: [...keys] }, documentId: { $eq: documentId } });
  }

  /** Keys of customId under each tag. */
  keys(orgId: string, customId: string | null, tags: readonly string[]): string[] {
    return customId === null ? [] : [...new Set(tags)].map((t) => claimKey(orgId, t, customId));
  }

  /** Drops every claim of the documents. */
  async releaseDocuments(orgId: string, documentIds: readonly string[]): Promise<void> {
    if (documentIds.length === 0) return;
    await this.c.customIds.deleteMany({ orgId: { $eq: orgId }, documentId: { $in: [...documentIds] } });
  }

  /** True when this call wrote the claim, false when documentId already held it. */
  private async claimOne(key: string, orgId: string, documentId: string, customId: string, tag: string): Promise<boolean> {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        await this.c.customIds.insertOne({ _id: key, orgId, documentId });
        return true;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
      const holder = await this.c.customIds.findOne({ _id: { $eq: key } });
      if (!holder) continue;
      if (holder.documentId === documentId) return false;
      const owner = await this.c.documents.findOne({ orgId: { $eq: orgId }, _id: { $eq: holder.documentId }, customId: { $eq: customId }, containerTags: { $eq: tag } }, { projection: { _id: 1 } });
      if (owner) throw createError('CUSTOM_ID_CONFLICT', [customId]);
      // Stale claim left by an interrupted write: take it over unless someone else did first.
      const taken = await this.c.customIds.updateOne({ _id: { $eq: key }, documentId: { $eq: holder.documentId } }, { $set: { documentId } });
      if (taken.modifiedCount === 1) return true;
    }
    throw createError('CUSTOM_ID_CONFLICT', [customId]);
  }
}

export function claimKey(orgId: string, tag: string, customId: string): string {
  return JSON.stringify([orgId, tag, customId]);
}

import type { ApiKeyRecord, ContainerTagRecord, OrganizationRecord } from '../core/types.js';

export type ApiKeyPatch = Partial<Pick<ApiKeyRecord, 'name' | 'enabled' | 'revokedAt' | 'expiresAt' | 'expiryNotices'>>;

/** Activity of one container tag, computed from the documents that carry it. */
export interface ContainerTagStats {
  tag: string;
  documentCount: number;
  /** Earliest createdAt of its documents: when the tag came into use (a space without a record has no other date). */
  firstCreatedAt: string;
  /** Latest updatedAt of its documents. */
  lastActivityAt: string | null;
}

export type ContainerTagPatch = Partial<Pick<ContainerTagRecord, 'name' | 'entityContext'>>;

/**
 * Accounts port: organisations, API keys and container-tag spaces. Keys are global (looked up by hash, one
 * namespace for every organisation); everything else is addressed within an organisation.
 */
export interface AccountStore {
  upsertOrganization(org: OrganizationRecord): Promise<void>;
  getOrganization(orgId: string): Promise<OrganizationRecord | null>;
  listOrganizations(): Promise<OrganizationRecord[]>;

  /** Inserts a key; a key whose hash is already stored is left as it is. */
  insertApiKey(key: ApiKeyRecord): Promise<void>;
  findApiKeyByHash(keyHash: string): Promise<ApiKeyRecord | null>;
  /** A key by id; with orgId, only a key of that organisation. */
  getApiKey(id: string, orgId?: string): Promise<ApiKeyRecord | null>;
  /** Keys of an organisation, oldest first, revoked ones included. */
  listApiKeys(orgId: string): Promise<ApiKeyRecord[]>;
  updateApiKey(id: string, patch: ApiKeyPatch): Promise<ApiKeyRecord | null>;
  /** Enabled, unrevoked keys of any organisation that expire at or before `before` (expiry notices). */
  listKeysExpiringBefore(before: string): Promise<ApiKeyRecord[]>;

  getContainerTag(orgId: string, tag: string): Promise<ContainerTagRecord | null>;
  /** Creates the space record when missing, then applies the patch; returns the result. */
  upsertContainerTag(orgId: string, tag: string, patch: ContainerTagPatch, now: string): Promise<ContainerTagRecord>;
  deleteContainerTag(orgId: string, tag: string): Promise<void>;
  /** Space records of the organisation (optionally only these tags). */
  listContainerTags(orgId: string, tags?: readonly string[]): Promise<ContainerTagRecord[]>;
  /** Document counts and last activity per tag that documents carry (optionally only these tags). */
  containerTagStats(orgId: string, tags?: readonly string[]): Promise<ContainerTagStats[]>;
}

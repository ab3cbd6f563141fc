import { createError } from '../core/errors.js';
import type { Store } from '../storage/store.js';
import type { OrganizationRecord } from '../core/types.js';
import { newId } from './documents.js';
import type { KeyService } from './keys.js';

/** Organisations (admin CLI): each gets its own documents, keys, settings and spaces. */
export class OrganizationService {
  constructor(
    private readonly store: Store,
    private readonly keys: KeyService,
  ) {}

  /** Creates an organisation and its first root key (returned once). */
  async create(name: string): Promise<{ id: string; name: string; apiKey: string }> {
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > 200) throw createError('VALIDATION_FAILED', ['organisation name must be 1-200 characters']);
    const id = `org_${newId()}`;
    const slug =
      trimmed
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 63) || id;
    await this.store.accounts.upsertOrganization({ id, name: trimmed, slug, createdAt: new Date().toISOString() });
    const { key } = await this.keys.createKey(id, { name: 'root' });
    return { id, name: trimmed, apiKey: key };
  }

  list(): Promise<OrganizationRecord[]> {
    return this.store.accounts.listOrganizations();
  }
}

import { requireRoot, type Actor } from '../core/actor.js';
import { createError } from '../core/errors.js';
import type { Store } from '../storage/store.js';
import type { SettingsRecord } from '../core/types.js';

/** Fields that only make sense with shouldLLMFilter: true (the reference answers 400 otherwise). */
export const LLM_FILTER_FIELDS = ['filterPrompt', 'includeItems', 'excludeItems', 'categories'] as const;

/** Organisation settings; administration, so root keys only. */
export class SettingsService {
  constructor(
    private readonly store: Store,
    private readonly opts: { llmConfigured: boolean } = { llmConfigured: false },
  ) {}

  async get(actor: Actor): Promise<SettingsRecord> {
    requireRoot(actor, 'read organisation settings');
    return this.store.settings.getSettings(actor.orgId);
  }

  /** Applies a patch of known fields; returns the organisation's slug for the response. */
  async update(actor: Actor, patch: SettingsRecord): Promise<{ orgSlug: string | null }> {
    requireRoot(actor, 'change organisation settings');
    // LLM filtering needs a model to filter with: refused rather than silently ignored.
    if (patch.shouldLLMFilter === true && !this.opts.llmConfigured) throw createError('LLM_NOT_CONFIGURED', ['shouldLLMFilter']);
    const current = await this.store.settings.getSettings(actor.orgId);
    const llmFilter = (patch.shouldLLMFilter ?? current.shouldLLMFilter) === true;
    const needsFilter = LLM_FILTER_FIELDS.filter((f) => patch[f] !== undefined && patch[f] !== null);
    if (needsFilter.length > 0 && !llmFilter) {
      throw createError('VALIDATION_FAILED', [`${needsFilter.join(', ')} require shouldLLMFilter: true`], {
        details: needsFilter.map((f) => ({ path: `body.${f}`, message: 'requires shouldLLMFilter: true' })),
      });
    }
    await this.store.settings.updateSettings(actor.orgId, patch);
    return { orgSlug: (await this.store.accounts.getOrganization(actor.orgId))?.slug ?? null };
  }
}

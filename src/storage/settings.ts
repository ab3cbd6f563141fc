import type { SettingsRecord } from '../core/types.js';

/** Settings port: one settings object per organisation. */
export interface SettingsStore {
  /** The organisation's settings; {} when none were saved. */
  getSettings(orgId: string): Promise<SettingsRecord>;
  /** Shallow merge: each key of the patch replaces the stored one (undefined removes it); returns the result. */
  updateSettings(orgId: string, patch: SettingsRecord): Promise<SettingsRecord>;
}

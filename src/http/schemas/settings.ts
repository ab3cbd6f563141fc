import { z } from 'zod';

const nullable = <T extends z.ZodType>(t: T) => t.nullable().optional();

/** Organisation settings (GET/PATCH /v3/settings). Every field optional and nullable. */
export const SettingsBody = z.looseObject({
  chunkSize: nullable(
    z
      .number()
      .int()
      .refine((n) => n === -1 || (n >= 32 && n <= 4096), 'must be -1 (default) or 32-4096 tokens'),
  ),
  shouldLLMFilter: nullable(z.boolean()),
  filterPrompt: nullable(z.string().min(1).max(750)),
  includeItems: nullable(z.unknown()),
  excludeItems: nullable(z.unknown()),
  categories: nullable(z.array(z.string().min(1).max(50)).max(100)),
  workspacePrompt: nullable(z.string().max(1500)),
  profileBuckets: nullable(
    z
      .array(
        z.object({
          key: z.string().regex(/^[a-z0-9_-]{1,64}$/, 'must be a 1-64 character slug of a-z, 0-9, "_", "-"'),
          description: z.string().max(500),
        }),
      )
      .max(50),
  ),
  googleDriveCustomKeyEnabled: nullable(z.boolean()),
  googleDriveClientId: nullable(z.string().max(500)),
  googleDriveClientSecret: nullable(z.string().max(500)),
  notionCustomKeyEnabled: nullable(z.boolean()),
  notionClientId: nullable(z.string().max(500)),
  notionClientSecret: nullable(z.string().max(500)),
  onedriveCustomKeyEnabled: nullable(z.boolean()),
  onedriveClientId: nullable(z.string().max(500)),
  onedriveClientSecret: nullable(z.string().max(500)),
  githubCustomKeyEnabled: nullable(z.boolean()),
  githubClientId: nullable(z.string().max(500)),
  githubClientSecret: nullable(z.string().max(500)),
});

export const SETTINGS_FIELDS = Object.keys(SettingsBody.shape) as (keyof z.infer<typeof SettingsBody>)[];

/** Secrets are write-only: GET reports whether one is set, never its value. */
export const SECRET_FIELDS = ['googleDriveClientSecret', 'notionClientSecret', 'onedriveClientSecret', 'githubClientSecret'] as const;

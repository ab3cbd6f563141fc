import { z } from 'zod';

/** GET /v3/documents/{id}/file-url: a signed link to the original file, valid until expiresAt. */
export const FileUrlResponse = z.strictObject({
  url: z.string().describe('GET this URL (no API key) for the file; single byte ranges are supported'),
  expiresAt: z.string().describe('ISO time after which the link answers 403 FILE_LINK_INVALID'),
});

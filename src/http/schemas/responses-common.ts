import { z } from 'zod';
import { DOCUMENT_STATUSES, DOCUMENT_TYPES } from '../../core/types.js';

/** Response building blocks. Objects are strict (an unknown key fails the response tests) unless the wire is open. */

export const Timestamp = z.string().describe('ISO-8601 date-time');
/** Metadata as stored: the client's own keys. */
export const MetadataOut = z.record(z.string(), z.unknown()).describe("The client's own key/value metadata");
export const DocumentStatusOut = z.enum(DOCUMENT_STATUSES);
export const DocumentTypeOut = z.enum(DOCUMENT_TYPES);

export const Pagination = z.strictObject({
  currentPage: z.number().int(),
  limit: z.number().int(),
  totalItems: z.number().int(),
  totalPages: z.number().int(),
});

export const Success = z.strictObject({ success: z.boolean() });

/** A short confirmation of an add or update: the document id and its pipeline status. */
export const AddedDocument = z.strictObject({ id: z.string(), status: z.string().describe('Pipeline status: queued, or done for an unchanged duplicate') });

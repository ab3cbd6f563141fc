import { z } from 'zod';
import { ContainerTag, ContainerTags, LooseInt } from './common.js';
import { DocumentIdParam } from './documents.js';

const TagList = z.union([ContainerTags, ContainerTag.transform((t) => [t])]);

/** POST /v3/documents/documents: the memory graph asks for up to 500 documents a page, the MCP server 200. */
export const DocumentsWithMemoriesBody = z
  .looseObject({
    page: LooseInt(1, 1_000_000).optional().describe('Page number, from 1 (default 1)'),
    limit: LooseInt(1, 1100).optional().describe('Documents per page (default 10)'),
    sort: z.enum(['createdAt', 'updatedAt']).optional().describe('Default createdAt'),
    order: z.enum(['asc', 'desc']).optional().describe('Default desc'),
    containerTags: TagList.optional().describe('Documents carrying any of these tags; omitted = every tag the key may read'),
    containerTag: ContainerTag.optional(),
    sources: z.array(z.string().min(1).max(100)).max(100).optional().describe('Only documents from these sources (e.g. "api")'),
  })
  .describe('POST /v3/documents/documents');

/** POST /v3/documents/documents/by-ids. */
export const DocumentsByIdsBody = z
  .looseObject({
    ids: z.array(DocumentIdParam).min(1, 'ids must hold 1 to 1100 items').max(1100, 'ids must hold 1 to 1100 items'),
    by: z.enum(['id', 'customId']).optional().describe('What ids are (default id); a customId held under several tags returns each document'),
    containerTags: TagList.optional().describe('Only documents carrying any of these tags'),
  })
  .describe('POST /v3/documents/documents/by-ids');

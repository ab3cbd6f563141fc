import { defineSearchAttributeKey, SearchAttributeType, type SearchAttributePair } from '@temporalio/common';
import type { Client } from '@temporalio/client';
import proto from '@temporalio/proto';
import { errorMessage } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import type { DocumentRecord } from '../core/types.js';

/** Custom search attributes on every ingestion workflow, so the UI and CLI can list and filter documents. */
export const DOCUMENT_STATUS = defineSearchAttributeKey('DocumentStatus', SearchAttributeType.KEYWORD);
export const CONTAINER_TAG = defineSearchAttributeKey('ContainerTag', SearchAttributeType.KEYWORD);
/** Set when the document has a customId: "the run for customId y" is one filter. */
export const CUSTOM_ID = defineSearchAttributeKey('CustomId', SearchAttributeType.KEYWORD);

/** Every search attribute Mnemo sets (all Keyword); dev servers and docker-compose register the same list. */
export const SEARCH_ATTRIBUTES = [DOCUMENT_STATUS, CONTAINER_TAG, CUSTOM_ID] as const;

/** The search attributes a document's run starts with, leaving out any the namespace lacks (see ensureSearchAttributes). */
export function documentSearchAttributes(doc: DocumentRecord, missing: ReadonlySet<string> = new Set()): SearchAttributePair[] {
  const pairs: SearchAttributePair[] = [{ key: CONTAINER_TAG, value: doc.containerTags[0] ?? '' }, { key: DOCUMENT_STATUS, value: doc.status }, ...(doc.customId ? [{ key: CUSTOM_ID, value: doc.customId }] : [])];
  return pairs.filter((p) => !missing.has(p.key.name));
}

/**
 * Registers the search attributes the namespace lacks (dev server, self-hosted). Returns the names still missing
 * afterwards, so runs start without them rather than fail; empty when all exist or the server would not say.
 */
export async function ensureSearchAttributes(client: Client, namespace: string, logger: Logger): Promise<string[]> {
  let missing: string[];
  try {
    const existing = await client.connection.operatorService.listSearchAttributes({ namespace });
    const known = new Set(Object.keys(existing.customAttributes ?? {}));
    missing = SEARCH_ATTRIBUTES.map((a) => a.name).filter((n) => !known.has(n));
  } catch (err) {
    // Temporal Cloud answers this only to admins: assume the attributes were created with tcld.
    logger.warn(`could not list the search attributes of namespace ${namespace}; make sure ${names()} exist as Keyword`, {
      namespace,
      error: errorMessage(err),
    });
    return [];
  }
  if (missing.length === 0) return [];
  try {
    await client.connection.operatorService.addSearchAttributes({
      namespace,
      searchAttributes: Object.fromEntries(missing.map((n) => [n, proto.temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD])),
    });
    logger.info('registered Temporal search attributes', { namespace, attributes: missing });
    return [];
  } catch (err) {
    logger.warn(`could not register the search attributes ${missing.join(', ')}; register them as Keyword ` + '(temporal operator search-attribute create, or tcld for Temporal Cloud)', {
      namespace,
      error: errorMessage(err),
    });
    return missing;
  }
}

function names(): string {
  return SEARCH_ATTRIBUTES.map((a) => a.name).join(', ');
}

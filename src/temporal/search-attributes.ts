import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import type { Client } from '@temporalio/client';
import proto from '@temporalio/proto';
import { errorMessage } from '../errors.js';
import type { Logger } from '../logger.js';

/** Custom search attributes on every ingestion workflow, so the UI and CLI can list and filter documents. */
export const DOCUMENT_STATUS = defineSearchAttributeKey('DocumentStatus', SearchAttributeType.KEYWORD);
export const CONTAINER_TAG = defineSearchAttributeKey('ContainerTag', SearchAttributeType.KEYWORD);

/** Registers the search attributes when the namespace lacks them (dev server, self-hosted); logs what to do otherwise. */
export async function ensureSearchAttributes(client: Client, namespace: string, logger: Logger): Promise<void> {
  try {
    const existing = await client.connection.operatorService.listSearchAttributes({ namespace });
    const known = new Set(Object.keys(existing.customAttributes ?? {}));
    const missing = [DOCUMENT_STATUS.name, CONTAINER_TAG.name].filter((n) => !known.has(n));
    if (missing.length === 0) return;
    await client.connection.operatorService.addSearchAttributes({
      namespace,
      searchAttributes: Object.fromEntries(missing.map((n) => [n, proto.temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD])),
    });
    logger.info('registered Temporal search attributes', { namespace, attributes: missing });
  } catch (err) {
    logger.warn(
      'could not check or register the DocumentStatus and ContainerTag search attributes; register them as Keyword ' +
        '(temporal operator search-attribute create, or tcld for Temporal Cloud)',
      { namespace, error: errorMessage(err) },
    );
  }
}

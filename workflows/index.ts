// Every workflow type the Mnemo worker registers.
export { ingestDocument, progressQuery } from './ingest-document.js';
export { checkKeyExpiry } from './key-expiry.js';
export { forgetExpiredMemories } from './forget-memories.js';
export { scheduledConnectionSync, syncConnection } from './sync-connection.js';

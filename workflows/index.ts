// Every workflow type the Mnemo worker registers (connector syncs will be added here).
export { ingestDocument, progressQuery } from './ingest-document.js';
export { checkKeyExpiry } from './key-expiry.js';
export { forgetExpiredMemories } from './forget-memories.js';

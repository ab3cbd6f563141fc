/** Domain types shared by the API, pipeline, runners and stores (workflows import these as types only). */
export const DOCUMENT_STATUSES = ['unknown', 'queued', 'extracting', 'chunking', 'embedding', 'indexing', 'done', 'failed'];
/** Statuses in which a document still has pipeline work to do. */
export const PENDING_STATUSES = ['queued', 'extracting', 'chunking', 'embedding', 'indexing'];
export const DOCUMENT_TYPES = ['text', 'pdf', 'tweet', 'google_doc', 'google_slide', 'google_sheet', 'image', 'video', 'audio', 'notion_doc', 'webpage', 'onedrive', 'github_markdown'];

import { s3Connector } from './s3.js';
import type { Connector } from './types.js';
import { webCrawler } from './web-crawler.js';

/** Every connector of this build, by provider name (the path value of /v3/connections/{provider}). */
export const CONNECTORS: ReadonlyMap<string, Connector> = new Map([webCrawler, s3Connector].map((c) => [c.provider, c]));

import type { ProviderEndpoints } from '../core/config.js';
import { createGitHubConnector } from './github.js';
import { createGmailConnector, type HtmlBodyLimits } from './gmail.js';
import { createGoogleDriveConnector } from './google-drive.js';
import { createNotionConnector } from './notion.js';
import { createOneDriveConnector } from './onedrive.js';
import { s3Connector } from './s3.js';
import type { Connector } from './types.js';
import { webCrawler } from './web-crawler.js';

/**
 * Every connector of this build, by provider name (the path value of /v3/connections/{provider}). Providers that
 * talk to a configurable API (base URLs, webhook secrets) are built from the deployment's endpoints; content parsed
 * while listing (Gmail's HTML bodies) under the extraction limits.
 */
export function createConnectors(endpoints: Readonly<ProviderEndpoints>, extractLimits: HtmlBodyLimits): ReadonlyMap<string, Connector> {
  const connectors: Connector[] = [
    webCrawler,
    s3Connector,
    createGitHubConnector(endpoints.github),
    createNotionConnector(endpoints.notion),
    createGoogleDriveConnector(endpoints.google),
    createGmailConnector(endpoints.google, extractLimits),
    createOneDriveConnector(endpoints.microsoft),
  ];
  return new Map(connectors.map((c) => [c.provider, c]));
}

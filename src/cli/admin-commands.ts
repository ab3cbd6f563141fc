import { createError } from '../core/errors.js';
import type { KeyService } from '../services/keys.js';
import type { OAuthService } from '../services/oauth.js';
import type { OrganizationService } from '../services/organizations.js';
import type { AdminCommand } from './admin-args.js';

export interface AdminServices {
  organizations: OrganizationService;
  keys: KeyService;
  oauth: OAuthService;
}

/** What a command prints: one JSON object with --json, else readable lines. */
export interface AdminOutput {
  json: Record<string, unknown>;
  lines: string[];
}

/** Runs one admin command through the services; errors (unknown organisation or key) are AppErrors. */
export async function runAdminCommand(command: Exclude<AdminCommand, { kind: 'help' }>, s: AdminServices): Promise<AdminOutput> {
  switch (command.kind) {
    case 'org-create': {
      const org = await s.organizations.create(command.name);
      return {
        json: { id: org.id, name: org.name, apiKey: org.apiKey },
        lines: [`Created organisation "${org.name}" (${org.id}).`, `Root API key (shown once, store it now): ${org.apiKey}`],
      };
    }
    case 'org-list': {
      const orgs = (await s.organizations.list()).map(({ id, name, slug, createdAt }) => ({ id, name, slug, createdAt }));
      return {
        json: { organizations: orgs },
        lines: orgs.length === 0 ? ['No organisations.'] : orgs.map((o) => `${o.id}  ${o.slug}  "${o.name}"  created ${o.createdAt}`),
      };
    }
    case 'key-create': {
      const { key, record } = await s.keys.createKey(command.orgId, {
        name: command.name,
        ...(command.tags.length > 0 ? { containerTags: command.tags } : {}),
        ...(command.expiresInDays !== undefined ? { expiresInDays: command.expiresInDays } : {}),
        permission: command.permission,
      });
      const json = {
        id: record.id,
        key,
        name: record.name,
        orgId: record.orgId,
        type: record.kind,
        containerTags: record.containerTags,
        expiresAt: record.expiresAt,
        permission: record.permission,
      };
      return {
        json,
        lines: [
          `Created ${json.type} key ${json.id} ("${json.name}") for ${json.orgId}: ${json.permission === 'read' ? 'read-only' : 'read-write'}, ` +
            `${json.containerTags ? `container tags ${json.containerTags.join(', ')}` : 'every container tag'}, ` +
            `${json.expiresAt ? `expires ${json.expiresAt}` : 'never expires'}.`,
          `API key (shown once, store it now): ${key}`,
        ],
      };
    }
    case 'key-list': {
      await requireOrganization(s, command.orgId);
      const keys = await s.keys.listForOrg(command.orgId);
      return {
        json: { keys },
        lines:
          keys.length === 0
            ? [`No keys in ${command.orgId}.`]
            : keys.map(
                (k) =>
                  `${k.id}  ${k.prefix}…  "${k.name}"  ${k.type}${k.containerTags ? ` [${k.containerTags.join(', ')}]` : ''}  ${k.permission}  ` +
                  `${k.revokedAt ? `revoked ${k.revokedAt}` : !k.enabled ? 'disabled' : k.expiresAt ? `expires ${k.expiresAt}${k.expiresSoon ? ' (soon)' : ''}` : 'no expiry'}`,
              ),
      };
    }
    case 'oauth-sign-in': {
      await requireOrganization(s, command.orgId);
      const keys = await s.keys.listForOrg(command.orgId);
      const key = command.keyId ? keys.find((k) => k.id === command.keyId && !k.oauthClient) : keys.find((k) => k.type === 'root' && !k.oauthClient && !k.revokedAt && k.enabled);
      if (!key || key.revokedAt || !key.enabled) throw createError('KEY_NOT_FOUND');
      const { code, expiresAt } = await s.oauth.createSignInCode(command.orgId, key.id);
      return {
        json: { code, keyId: key.id, expiresAt },
        lines: [`One-time sign-in code for the MCP consent page (acts as ${key.id} "${key.name}", valid until ${expiresAt}):`, code],
      };
    }
    case 'key-revoke': {
      const record = await s.keys.revokeAny(command.id);
      return { json: { id: record.id, revokedAt: record.revokedAt }, lines: [`Revoked ${record.id} ("${record.name}", ${record.prefix}…) at ${record.revokedAt}.`] };
    }
  }
}

async function requireOrganization(s: AdminServices, orgId: string): Promise<void> {
  const orgs = await s.organizations.list();
  if (!orgs.some((o) => o.id === orgId)) throw createError('ORGANIZATION_NOT_FOUND', [orgId]);
}

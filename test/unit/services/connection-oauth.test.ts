import { describe, expect, it } from 'vitest';
import { authorizationUrl, newNonce, oauthStateKey, signState, verifyState } from '../../../src/services/connection-oauth.js';

describe('OAuth state', () => {
  const key = oauthStateKey('a master secret of at least thirty-two characters');
  const state = { orgId: 'org_1', connectionId: 'c1', provider: 'github', nonce: newNonce(), expiresAt: 2_000 };

  it('round-trips before it expires, and is refused after, altered, or under another key', () => {
    const token = signState(key, state);
    expect(verifyState(key, token, 1_999)).toEqual(state);
    expect(verifyState(key, token, 2_000)).toBeNull();
    const [payload, sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ o: 'org_2', c: 'c1', p: 'github', n: state.nonce, e: 2_000 })).toString('base64url');
    expect(verifyState(key, `${forged}.${sig}`, 1_000)).toBeNull();
    expect(verifyState(key, `${payload}.${sig}x`, 1_000)).toBeNull();
    expect(verifyState(oauthStateKey('another master secret of thirty-two characters'), token, 1_000)).toBeNull();
    expect(verifyState(key, 'not-a-token', 1_000)).toBeNull();
  });

  it('builds the authorization URL with client, redirect, scopes and state', () => {
    const url = new URL(
      authorizationUrl({ provider: 'github', authorizeUrl: 'https://gh.example/login/oauth/authorize', tokenUrl: 'x', clientId: 'cid', clientSecret: 's', scopes: ['repo', 'read:user'] }, 'https://m.example/cb', 'st'),
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({ client_id: 'cid', redirect_uri: 'https://m.example/cb', scope: 'repo read:user', state: 'st', response_type: 'code' });
  });
});

import { escapeHtml } from './setup-picker.js';

export interface ConsentPageInput {
  clientName: string;
  redirectHost: string;
  /** The authorization request, carried through the form unchanged. */
  hidden: Record<string, string>;
  error?: string;
  tags?: string;
  permission?: 'read' | 'write';
}

/**
 * Mnemo's consent page for an MCP client: the person proves who they are (an API key of theirs, or a one-time
 * sign-in code from `npm run admin`), picks the projects and read/write access, and approves or denies. No script.
 */
export function consentPage(p: ConsentPageInput): string {
  const hidden = Object.entries(p.hidden)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('\n    ');
  const write = (p.permission ?? 'write') === 'write';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Connect ${escapeHtml(p.clientName)} to Mnemo</title>
<style>
  body { font: 15px/1.45 system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; color: #1d2430; }
  h1 { font-size: 1.3rem; }
  label { display: block; margin: 1rem 0 .3rem; font-weight: 600; }
  input[type=text], input[type=password] { width: 100%; box-sizing: border-box; padding: .5rem; border: 1px solid #c3cad6; border-radius: 6px; font: inherit; }
  .hint { color: #5b6677; font-size: .85rem; margin: .25rem 0 0; }
  fieldset { border: 0; padding: 0; margin: 1rem 0; }
  fieldset label { display: inline; font-weight: 400; margin-right: 1rem; }
  .error { background: #fde8e8; color: #8a1c1c; padding: .6rem .8rem; border-radius: 6px; }
  .actions { display: flex; gap: .8rem; margin-top: 1.4rem; }
  button { border: 0; border-radius: 6px; padding: .6rem 1.2rem; font: inherit; cursor: pointer; }
  button[value=approve] { background: #2456c7; color: #fff; }
  button[value=deny] { background: #e6e9ef; color: #1d2430; }
</style>
</head>
<body>
<main>
  <h1><strong>${escapeHtml(p.clientName)}</strong> wants to use your Mnemo memory</h1>
  <p>After you approve, it is sent back to <strong>${escapeHtml(p.redirectHost)}</strong> and can ${write ? 'read and save' : 'read'} memories in the projects you choose, until you revoke it in your key list.</p>
  ${p.error ? `<p class="error" role="alert">${escapeHtml(p.error)}</p>` : ''}
  <form method="post" action="/oauth/authorize">
    ${hidden}
    <label for="credential">Your API key or sign-in code</label>
    <input id="credential" name="credential" type="password" autocomplete="off" required>
    <p class="hint">A sign-in code comes from <code>npm run admin -- oauth-sign-in</code>; it works once.</p>
    <label for="tags">Projects (container tags)</label>
    <input id="tags" name="tags" type="text" value="${escapeHtml(p.tags ?? '')}" placeholder="e.g. alice, work">
    <p class="hint">Separate with commas. Empty: every project your key may use.</p>
    <fieldset>
      <legend>Access</legend>
      <input type="radio" id="perm-write" name="permission" value="write"${write ? ' checked' : ''}><label for="perm-write">Read and write</label>
      <input type="radio" id="perm-read" name="permission" value="read"${write ? '' : ' checked'}><label for="perm-read">Read only</label>
    </fieldset>
    <div class="actions">
      <button type="submit" name="decision" value="approve">Approve</button>
      <button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
    </div>
  </form>
</main>
</body>
</html>`;
}

/** A page for requests that cannot be sent back to the client (unknown client, unregistered redirect URI). */
export function oauthErrorPage(message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Mnemo: authorization failed</title></head>
<body style="font: 15px/1.45 system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem">
<h1 style="font-size:1.3rem">This authorization request cannot be completed</h1>
<p role="alert">${escapeHtml(message)}</p>
</body></html>`;
}

/**
 * The setup page of a connection that syncs only what the user picks (google-drive, onedrive): served at the
 * connection's signed setup link, it lists the drive through GET <link>/resources (folders open in place), and
 * saves the ticked files and folders through POST <link>/selection. No framework, no outside script: one inline
 * script under a nonce-based Content-Security-Policy, so the page works offline and nothing else can run on it.
 */
export function setupPickerPage(opts: { provider: string; nonce: string }): string {
  const provider = escapeHtml(opts.provider);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Choose what Mnemo syncs from ${provider}</title>
<style nonce="${opts.nonce}">
  body { font: 15px/1.4 system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; color: #1d2430; }
  h1 { font-size: 1.3rem; }
  nav { margin: .5rem 0; font-size: .9rem; }
  nav button { background: none; border: 0; color: #2456c7; cursor: pointer; padding: 0; font: inherit; }
  ul { list-style: none; padding: 0; border: 1px solid #d6dbe3; border-radius: 6px; }
  li { display: flex; gap: .6rem; align-items: center; padding: .45rem .7rem; border-top: 1px solid #eef0f4; }
  li:first-child { border-top: 0; }
  li .name { flex: 1; }
  li button.open { background: none; border: 0; color: #2456c7; cursor: pointer; font: inherit; }
  .kind { color: #6b7585; font-size: .8rem; }
  footer { display: flex; gap: 1rem; align-items: center; margin-top: 1rem; }
  #save { background: #2456c7; color: #fff; border: 0; border-radius: 6px; padding: .55rem 1.1rem; font: inherit; cursor: pointer; }
  #save:disabled { background: #9aa7c2; cursor: default; }
  #status { color: #4a5566; }
  .error { color: #b42318; }
</style>
</head>
<body>
<h1>Choose what Mnemo syncs from ${provider}</h1>
<p>Tick the folders and files to share. Folders include everything inside them. Only what you pick is synced.</p>
<nav id="path"></nav>
<ul id="items" aria-live="polite"><li>Loading…</li></ul>
<p><button id="more" type="button" hidden>More…</button></p>
<footer><button id="save" type="button" disabled>Save selection</button><span id="status"></span></footer>
<script nonce="${opts.nonce}">
(() => {
  const base = location.pathname.replace(/\\/+$/, '');
  const picked = new Map();
  const trail = [{ id: null, name: 'Top' }];
  let page = 1;
  const $ = (id) => document.getElementById(id);
  const el = (tag, props, ...children) => { const e = Object.assign(document.createElement(tag), props); e.append(...children); return e; };
  const status = (text, isError) => { $('status').textContent = text; $('status').className = isError ? 'error' : ''; };
  const refreshSave = () => { $('save').disabled = picked.size === 0; status(picked.size ? picked.size + ' selected' : ''); };

  function renderPath() {
    const nav = $('path');
    nav.replaceChildren();
    trail.forEach((step, i) => {
      if (i > 0) nav.append(' / ');
      if (i === trail.length - 1) nav.append(step.name);
      else nav.append(el('button', { type: 'button', textContent: step.name, onclick: () => { trail.length = i + 1; load(true); } }));
    });
  }

  async function load(reset) {
    if (reset) { page = 1; $('items').replaceChildren(); }
    renderPath();
    const parent = trail[trail.length - 1].id;
    const q = new URLSearchParams({ page: String(page), per_page: '50' });
    if (parent) q.set('parent_id', parent);
    let body;
    try {
      const res = await fetch(base + '/resources?' + q, { headers: { accept: 'application/json' } });
      body = await res.json();
      if (!res.ok) throw new Error(body.error || res.statusText);
    } catch (err) {
      $('items').replaceChildren(el('li', { className: 'error', textContent: 'Could not list: ' + err.message }));
      return;
    }
    const list = $('items');
    if (reset) list.replaceChildren();
    for (const r of body.resources) {
      const id = String(r.id);
      const box = el('input', { type: 'checkbox', checked: picked.has(id), value: id });
      box.setAttribute('aria-label', r.name);
      box.onchange = () => { if (box.checked) picked.set(id, r); else picked.delete(id); refreshSave(); };
      const folder = r.kind === 'folder';
      const row = el('li', {}, box, el('span', { className: 'name', textContent: r.name }), el('span', { className: 'kind', textContent: folder ? 'folder' : (r.mimeType || 'file') }));
      if (folder) row.append(el('button', { type: 'button', className: 'open', textContent: 'Open', onclick: () => { trail.push({ id, name: r.name }); load(true); } }));
      list.append(row);
    }
    if (!list.children.length) list.append(el('li', { textContent: 'Nothing here.' }));
    const more = body.total_count === undefined && body.resources.length > 0;
    $('more').hidden = !more;
  }

  $('more').onclick = () => { page += 1; load(false); };
  $('save').onclick = async () => {
    $('save').disabled = true;
    status('Saving…');
    try {
      const res = await fetch(base + '/selection', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ resources: [...picked.values()] }) });
      const body = await res.json();
      if (!res.ok) throw new Error(body.error || res.statusText);
      status('Saved. The first sync has started.');
      document.body.dataset.saved = 'true';
      if (body.redirectTo) location.assign(body.redirectTo);
    } catch (err) {
      status('Could not save: ' + err.message, true);
      refreshSave();
    }
  };
  load(true);
})();
</script>
</body>
</html>
`;
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

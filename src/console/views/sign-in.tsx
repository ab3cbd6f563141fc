import { useState } from 'react';

/** The key form: the key goes to this tab's session storage and is checked with GET /v3/session. */
export function SignIn({ onSignIn, error }: { onSignIn: (key: string) => void; error: string | null }) {
  const [key, setKey] = useState('');
  return (
    <main className="center" id="main">
      <form
        className="card sign-in"
        onSubmit={(e) => {
          e.preventDefault();
          if (key.trim()) onSignIn(key.trim());
        }}
      >
        <h1>Mnemo console</h1>
        <p>Sign in with an API key. A scoped key shows only its container tag.</p>
        <label htmlFor="api-key">API key</label>
        <input id="api-key" name="api-key" type="password" autoComplete="off" spellCheck={false} value={key} onChange={(e) => setKey(e.target.value)} required aria-describedby={error ? 'sign-in-error' : undefined} />
        {error && (
          <p id="sign-in-error" className="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="primary">
          Sign in
        </button>
        <p className="hint">The key stays in this browser tab (session storage) and is sent only to this server.</p>
      </form>
    </main>
  );
}

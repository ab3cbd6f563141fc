import { useEffect, useState } from 'react';

/** A location inside the console: `#/view/param?k=v`. Hash routes need no server fallback and never reach logs. */
export interface Route {
  view: string;
  param: string | null;
  query: URLSearchParams;
}

export function parseHash(hash: string): Route {
  const [pathPart = '', queryPart = ''] = hash.replace(/^#\/?/, '').split('?');
  const [view = '', ...rest] = pathPart.split('/');
  return { view: view || 'documents', param: rest.length ? decodeURIComponent(rest.join('/')) : null, query: new URLSearchParams(queryPart) };
}

export const href = (view: string, param?: string | null): string => `#/${view}${param ? `/${encodeURIComponent(param)}` : ''}`;

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseHash(location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseHash(location.hash));
    addEventListener('hashchange', onChange);
    return () => removeEventListener('hashchange', onChange);
  }, []);
  return route;
}

/**
 * robots.txt rules for one user agent (RFC 9309): longest match wins, Allow wins a tie, `*` and `$` patterns; and the
 * group's Crawl-delay (not in the RFC, widely used).
 */
export interface RobotsRules {
  isAllowed(pathAndQuery: string): boolean;
  /** Sitemap URLs the file lists (for any agent). */
  sitemaps: string[];
  /** Crawl-delay of the chosen group in milliseconds (capped at MAX_CRAWL_DELAY_MS); 0 = none. */
  crawlDelayMs: number;
}

/** Longest Crawl-delay honoured: a site asking for more is still crawled, this slowly. */
export const MAX_CRAWL_DELAY_MS = 10_000;

interface Rule {
  allow: boolean;
  pattern: string;
  re: RegExp;
}

interface Group {
  agents: string[];
  rules: Rule[];
  crawlDelayMs: number | null;
}

function toRegExp(pattern: string): RegExp {
  const anchored = pattern.endsWith('$');
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`);
}

/** Parses robots.txt and keeps the group for `agent` (product token, case-insensitive), else the `*` group. */
export function parseRobots(text: string, agent: string): RobotsRules {
  const groups: Group[] = [];
  const sitemaps: string[] = [];
  let current: Group | null = null;
  let lastWasAgent = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    const m = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!m) continue;
    const key = m[1]!.toLowerCase();
    const value = m[2]!.trim();
    if (key === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [], crawlDelayMs: null };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (key === 'sitemap') {
      if (value) sitemaps.push(value);
    } else if ((key === 'allow' || key === 'disallow') && current) {
      // An empty Disallow allows everything: no rule.
      if (value) current.rules.push({ allow: key === 'allow', pattern: value, re: toRegExp(value) });
    } else if (key === 'crawl-delay' && current) {
      const seconds = Number(value);
      if (Number.isFinite(seconds) && seconds >= 0) current.crawlDelayMs = Math.min(MAX_CRAWL_DELAY_MS, Math.round(seconds * 1000));
    }
  }
  const me = agent.toLowerCase();
  const mine = groups.filter((g) => g.agents.some((a) => a !== '*' && me.includes(a)));
  const chosen = mine.length > 0 ? mine : groups.filter((g) => g.agents.includes('*'));
  const rules = chosen.flatMap((g) => g.rules);
  const delays = chosen.map((g) => g.crawlDelayMs).filter((d): d is number => d !== null);
  return {
    sitemaps,
    crawlDelayMs: delays.length > 0 ? Math.max(...delays) : 0,
    isAllowed(pathAndQuery) {
      if (pathAndQuery === '/robots.txt') return true;
      let best: Rule | null = null;
      for (const r of rules) {
        if (!r.re.test(pathAndQuery)) continue;
        if (!best || r.pattern.length > best.pattern.length || (r.pattern.length === best.pattern.length && r.allow)) best = r;
      }
      return best ? best.allow : true;
    },
  };
}

/** Rules of a site without a robots.txt: everything allowed. */
export const ALLOW_ALL: RobotsRules = { isAllowed: () => true, sitemaps: [], crawlDelayMs: 0 };

/**
 * Tuning screenshots of one kind the tuning set lacked (issue 32, round 14): terminal windows in the style of Rich
 * (a Python library's tracebacks, progress bars and trees), with dim grey text on a dark background, coloured
 * box-drawing frames and guides, and coloured tokens of little luminance contrast. Each window is laid out in HTML,
 * rendered with headless Chromium and saved as PNG or JPEG (terminal screenshots are shared both ways). The phrases
 * are the text written into the HTML, so they are known before any OCR reading.
 *
 *   npx tsx bench/extraction-terminal-screenshots.ts [--out test/fixtures/real] [--chromium /usr/bin/chromium]
 *
 * The committed images are this script's output (Chromium's text rendering can differ between versions, so the tests
 * read the committed files, not a fresh render).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { REPO_ROOT } from './lib.js';

const { values: args } = parseArgs({
  options: {
    out: { type: 'string', default: path.join(REPO_ROOT, 'test/fixtures/real') },
    chromium: { type: 'string', default: '/usr/bin/chromium' },
  },
});

/** A run of text in one style: [text, css colour, extra css]. */
type Span = [string, string, string?];

interface Shot {
  file: string;
  width: number;
  height: number;
  background: string;
  lines: Span[][];
  /** 'png' or a JPEG quality. */
  format: 'png' | number;
}

// Rich's 'dim' is half intensity: grey close to the background's level.
const DIM = '#4b5160';
const RED = '#e06c75';
const GREEN = '#98c379';
const YELLOW = '#d19a66';
const BLUE = '#61afef';
const MAGENTA = '#c678dd';
const CYAN = '#56b6c2';
const WHITE = '#d7dae0';
const BOLD = 'font-weight:bold;';

/** A line of a box: the frame's left edge, the content, padding to `width` columns, the right edge. */
function boxed(frame: string, content: Span[], width: number): Span[] {
  const used = content.reduce((n, s) => n + [...s[0]].length, 0);
  return [['│ ', frame], ...content, [' '.repeat(Math.max(0, width - used - 4)) + ' │', frame]];
}

const TB_WIDTH = 92;
const traceback: Span[][] = [
  [
    ['$ ', GREEN],
    ['python ', WHITE],
    ['ingest_orders.py --since 2024-03-01', WHITE],
  ],
  [
    ['╭─────────────────────────── ', RED],
    ['Traceback ', RED, BOLD],
    ['(most recent call last)', DIM],
    [' ───────────────────────────╮', RED],
  ],
  boxed(
    RED,
    [
      ['/srv/shop/ingest_orders.py', YELLOW],
      [':', DIM],
      ['118', BLUE],
      [' in ', DIM],
      ['load_batch', GREEN],
    ],
    TB_WIDTH,
  ),
  boxed(RED, [], TB_WIDTH),
  boxed(
    RED,
    [
      ['   115 ', DIM],
      ['│   ', DIM],
      ['for', MAGENTA],
      [' row ', WHITE],
      ['in', MAGENTA],
      [' reader:', WHITE],
    ],
    TB_WIDTH,
  ),
  boxed(
    RED,
    [
      ['   116 ', DIM],
      ['│   │   ', DIM],
      ['total ', WHITE],
      ['+=', CYAN],
      [' parse_amount(row[', WHITE],
      ['"amount"', YELLOW],
      ['])', WHITE],
    ],
    TB_WIDTH,
  ),
  boxed(
    RED,
    [
      ['   117 ', DIM],
      ['│   │   ', DIM],
      ['# skip refunds older than the cutoff', DIM, 'font-style:italic;'],
    ],
    TB_WIDTH,
  ),
  boxed(
    RED,
    [
      ['❱  118 ', RED],
      ['│   │   ', DIM],
      ['customer ', WHITE],
      ['=', CYAN],
      [' lookup_customer(row[', WHITE],
      ['"customer_id"', YELLOW],
      ['])', WHITE],
    ],
    TB_WIDTH,
  ),
  boxed(
    RED,
    [
      ['   119 ', DIM],
      ['│   │   ', DIM],
      ['batch.append((customer, total))', WHITE],
    ],
    TB_WIDTH,
  ),
  boxed(RED, [], TB_WIDTH),
  boxed(
    RED,
    [
      ['╭──────────── ', YELLOW],
      ['locals', YELLOW, 'font-style:italic;'],
      [' ─────────────╮', YELLOW],
    ],
    TB_WIDTH,
  ),
  boxed(
    RED,
    [
      ['│ ', YELLOW],
      ['    row ', YELLOW],
      ['= ', DIM],
      ["{'customer_id': '', 'amount': '12.50'}", GREEN],
    ],
    TB_WIDTH,
  ),
  boxed(
    RED,
    [
      ['│ ', YELLOW],
      ['  total ', YELLOW],
      ['= ', DIM],
      ['4812.75', BLUE],
    ],
    TB_WIDTH,
  ),
  boxed(RED, [['╰─────────────────────────────╯', YELLOW]], TB_WIDTH),
  boxed(
    RED,
    [
      ['/srv/shop/customers.py', YELLOW],
      [':', DIM],
      ['42', BLUE],
      [' in ', DIM],
      ['lookup_customer', GREEN],
    ],
    TB_WIDTH,
  ),
  boxed(
    RED,
    [
      ['❱   42 ', RED],
      ['│   ', DIM],
      ['raise', MAGENTA],
      [' KeyError(', WHITE],
      ['f"unknown customer {cid!r}"', YELLOW],
      [')', WHITE],
    ],
    TB_WIDTH,
  ),
  [['╰' + '─'.repeat(TB_WIDTH - 2) + '╯', RED]],
  [
    ['KeyError: ', RED, BOLD],
    ["'unknown customer '", WHITE],
  ],
];

const PROGRESS_BAR = (done: number, colour: string): Span[] => [
  ['━'.repeat(done), colour],
  ['━'.repeat(40 - done), '#3a3f4b'],
];

const progressTree: Span[][] = [
  [
    ['$ ', GREEN],
    ['python ', WHITE],
    ['sync_assets.py', WHITE],
  ],
  [['Downloading thumbnails   ', WHITE], ...PROGRESS_BAR(40, GREEN), [' 100%', MAGENTA], [' 0:00:00', YELLOW]],
  [['Resizing product images  ', WHITE], ...PROGRESS_BAR(23, RED), ['  58%', MAGENTA], [' 0:01:12', CYAN]],
  [['Uploading to bucket      ', WHITE], ...PROGRESS_BAR(6, RED), ['  15%', MAGENTA], [' 0:04:37', CYAN]],
  [['  waiting for 3 workers to finish', DIM]],
  [],
  [['assets/', BLUE, BOLD]],
  [
    ['├── ', DIM],
    ['catalogue', BLUE, BOLD],
  ],
  [
    ['│   ', DIM],
    ['├── ', DIM],
    ['spring_collection.py', GREEN],
    [' (2.4 kB)', DIM],
  ],
  [
    ['│   ', DIM],
    ['└── ', DIM],
    ['price_list.csv', WHITE],
    [' (18.9 kB)', DIM],
  ],
  [
    ['├── ', DIM],
    ['thumbnails', BLUE, BOLD],
  ],
  [
    ['│   ', DIM],
    ['└── ', DIM],
    ['garden_chair_oak.jpg', MAGENTA],
    [' (64.1 kB)', DIM],
  ],
  [
    ['└── ', DIM],
    ['README.md', WHITE],
    [' (1.2 kB)', DIM],
  ],
  [],
  [
    ['Synced 214 files in 38.2s', GREEN, BOLD],
    ['  (12 skipped, unchanged)', DIM],
  ],
];

const SHOTS: Shot[] = [
  { file: 'screenshot-terminal-traceback.jpg', width: 900, height: 420, background: '#282c34', lines: traceback, format: 80 },
  { file: 'screenshot-terminal-progress-tree.jpg', width: 700, height: 330, background: '#1e2127', lines: progressTree, format: 70 },
];

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function html(s: Shot): string {
  const body = s.lines.map((l) => `<div class="l">${l.map(([t, c, css]) => `<span style="color:${c};${css ?? ''}">${esc(t)}</span>`).join('') || '&nbsp;'}</div>`).join('');
  return `<!doctype html><html><head><meta charset="utf-8"><style>
  body { margin: 0; background: ${s.background}; width: ${s.width}px; height: ${s.height}px; overflow: hidden; }
  .t { padding: 12px 14px; font-family: 'DejaVu Sans Mono', monospace; font-size: 12px; line-height: 1.3; white-space: pre; }
  </style></head><body><div class="t">${body}</div></body></html>`;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-terminal-'));
try {
  for (const s of SHOTS) {
    const htmlFile = path.join(tmp, `${s.file}.html`);
    const shot = path.join(tmp, `${s.file}.png`);
    fs.writeFileSync(htmlFile, html(s));
    execFileSync(args.chromium!, ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', `--window-size=${s.width},${s.height}`, `--screenshot=${shot}`, `file://${htmlFile}`], { stdio: 'ignore' });
    const img = sharp(fs.readFileSync(shot)).removeAlpha();
    const out = s.format === 'png' ? await img.png({ compressionLevel: 9 }).toBuffer() : await img.jpeg({ quality: s.format, mozjpeg: true }).toBuffer();
    fs.writeFileSync(path.join(args.out!, s.file), out);
    console.log(`${s.file}: ${out.length} bytes`);
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}

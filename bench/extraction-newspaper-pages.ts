/**
 * Tuning pages of one kind the tuning set lacked (issue 32, round 13): old newspaper pages with display adverts. Each
 * page is laid out in HTML (narrow serif columns, headlines, display adverts in large and mixed type, some reversed
 * white on black, rules and boxes), rendered with headless Chromium, then aged with sharp: yellowed paper, foxing
 * spots, uneven exposure, a little blur and grain, a slight skew, JPEG compression. The phrases are the text written
 * into the HTML, so they are known before any OCR reading.
 *
 *   npx tsx bench/extraction-newspaper-pages.ts [--out test/fixtures/real] [--chromium /usr/bin/chromium]
 *
 * The committed JPEGs are this script's output (Chromium's text rendering can differ between versions, so the tests
 * read the committed files, not a fresh render).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { REPO_ROOT, seededRandom } from './lib.js';

const { values: args } = parseArgs({
  options: {
    out: { type: 'string', default: path.join(REPO_ROOT, 'test/fixtures/real') },
    chromium: { type: 'string', default: '/usr/bin/chromium' },
  },
});

interface Advert {
  /** Lines of the advert, each with its size (px) and whether it is bold or italic. */
  lines: { text: string; size: number; bold?: boolean; italic?: boolean }[];
  /** White type on a black ground. */
  reversed?: boolean;
  border?: 'single' | 'double';
}

interface Page {
  file: string;
  masthead: string;
  dateline: string;
  width: number;
  height: number;
  columns: { headline: string; body: string[] }[];
  adverts: Advert[];
  /** Ageing: paper colour, foxing spots, exposure falloff (0-1), skew degrees, JPEG quality. */
  paper: [number, number, number];
  spots: number;
  falloff: number;
  skew: number;
  quality: number;
  seed: number;
}

const BODY = [
  'The council met on Tuesday evening to consider the petition of the ratepayers of the eastern ward, who ask that the new road be carried past the mill before the winter sets in.',
  'It was resolved that the surveyor should report at the next meeting upon the cost of the work, and that the clerk should write to the county board on the question of the bridge.',
  'A large and respectable audience assembled in the town hall on Friday to hear the lecture upon the history of the district, which was illustrated by lantern views of the old church.',
  'The harvest in the valley is reported to be well forward, and the farmers speak hopefully of the prices to be obtained for wheat and barley at the autumn markets.',
  'Much regret was felt in the town at the news of the death of Mr. Samuel Hartley, who for many years kept the draper shop at the corner of Market Street and Bridge Lane.',
  'The annual sports of the volunteer company will be held in the park on Saturday next, when prizes will be given for running, jumping and the tug of war.',
];

function paragraphs(start: number, n: number): string[] {
  return Array.from({ length: n }, (_, i) => BODY[(start + i) % BODY.length]!);
}

const PAGES: Page[] = [
  {
    file: 'scan-aged-newspaper-adverts.jpg',
    masthead: 'The Millbrook Courier',
    dateline: 'Vol. XII — No. 47 · Thursday, October 14, 1897 · Price One Penny',
    width: 1100,
    height: 1500,
    columns: [
      { headline: 'TOWN COUNCIL MEETING', body: paragraphs(0, 9) },
      { headline: 'LECTURE AT THE HALL', body: paragraphs(2, 9) },
      { headline: 'THE HARVEST PROSPECTS', body: paragraphs(3, 9) },
      { headline: 'DEATH OF A TRADESMAN', body: paragraphs(4, 9) },
    ],
    adverts: [
      {
        reversed: true,
        lines: [
          { text: 'GRAND CLEARANCE SALE', size: 40, bold: true },
          { text: 'at Pemberton & Sons', size: 22, italic: true },
          { text: 'Everything Reduced', size: 30, bold: true },
        ],
      },
      {
        border: 'double',
        lines: [
          { text: "DR. WHITLEY'S", size: 34, bold: true },
          { text: 'Celebrated Liver Pills', size: 24, italic: true },
          { text: 'Sold by all Chemists', size: 16 },
          { text: '50 CENTS A BOX', size: 30, bold: true },
        ],
      },
      {
        border: 'single',
        lines: [
          { text: 'PIANOS & ORGANS', size: 36, bold: true },
          { text: 'on easy monthly payments', size: 18, italic: true },
          { text: 'HARTMANN MUSIC HOUSE', size: 24, bold: true },
        ],
      },
    ],
    paper: [226, 208, 160],
    spots: 40,
    falloff: 0.25,
    skew: 0.8,
    quality: 55,
    seed: 7,
  },
  {
    file: 'scan-aged-newspaper-classified.jpg',
    masthead: 'The Weekly Sentinel',
    dateline: 'Established 1862 · Saturday, March 3, 1906 · Five Cents',
    width: 1000,
    height: 1400,
    columns: [
      { headline: 'RAILWAY EXTENSION APPROVED', body: paragraphs(1, 9) },
      { headline: 'VOLUNTEER SPORTS DAY', body: paragraphs(5, 9) },
      { headline: 'LOCAL AND GENERAL', body: paragraphs(3, 9) },
    ],
    adverts: [
      {
        border: 'single',
        lines: [
          { text: 'WANTED', size: 44, bold: true },
          { text: 'A Strong Boy to learn the trade', size: 20 },
          { text: 'Apply to J. Crofton, Printer', size: 16, italic: true },
        ],
      },
      {
        reversed: true,
        lines: [
          { text: 'THE STAR LAUNDRY', size: 36, bold: true },
          { text: 'Collars and Cuffs a Speciality', size: 20, italic: true },
        ],
      },
      {
        reversed: true,
        lines: [
          { text: 'COAL! COAL!', size: 48, bold: true },
          { text: 'Best House Coal delivered', size: 22 },
          { text: '18s. per ton', size: 30, bold: true },
        ],
      },
      {
        border: 'double',
        lines: [
          { text: 'FURNITURE', size: 40, bold: true },
          { text: 'for Cash or on the Hire System', size: 18, italic: true },
          { text: 'GILLOW BROTHERS', size: 26, bold: true },
        ],
      },
    ],
    paper: [214, 196, 150],
    spots: 70,
    falloff: 0.35,
    skew: -0.3,
    quality: 50,
    seed: 19,
  },
  {
    // Round 14: a reversed display advert beside dark-on-light ones, on heavily foxed paper (dark blobs near the boxes).
    file: 'scan-aged-newspaper-reversed.jpg',
    masthead: 'The Harbour Gazette',
    dateline: 'No. 1,204 · Wednesday, June 9, 1911 · One Halfpenny',
    width: 1000,
    height: 1300,
    columns: [
      { headline: 'NEW PIER OPENED', body: paragraphs(2, 7) },
      { headline: 'SCHOOL PRIZE DAY', body: paragraphs(4, 7) },
      { headline: 'MARKET REPORT', body: paragraphs(0, 7) },
    ],
    adverts: [
      {
        border: 'single',
        lines: [
          { text: 'BICYCLES', size: 42, bold: true },
          { text: 'Ladies and Gentlemen', size: 20, italic: true },
          { text: 'Repairs done on the premises', size: 16 },
        ],
      },
      {
        reversed: true,
        lines: [
          { text: 'SUMMER EXCURSIONS', size: 36, bold: true },
          { text: 'by the steamer Lady Rowena', size: 20, italic: true },
          { text: 'Return Fare 2s. 6d.', size: 28, bold: true },
        ],
      },
      {
        border: 'double',
        lines: [
          { text: 'TEA! TEA!', size: 40, bold: true },
          { text: 'Finest Ceylon Blend', size: 22, italic: true },
          { text: 'HOLLOWAY & CO.', size: 26, bold: true },
        ],
      },
    ],
    paper: [222, 202, 156],
    spots: 90,
    falloff: 0.3,
    skew: 0.2,
    quality: 55,
    seed: 31,
  },
];

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function html(p: Page): string {
  const cols = p.columns.map((c) => `<div class="col"><h2>${esc(c.headline)}</h2>${c.body.map((b) => `<p>${esc(b)}</p>`).join('')}</div>`).join('');
  const ads = p.adverts
    .map(
      (a) =>
        `<div class="ad ${a.reversed ? 'rev' : ''} ${a.border ?? ''}">${a.lines
          .map((l) => `<div style="font-size:${l.size}px;${l.bold ? 'font-weight:bold;' : ''}${l.italic ? 'font-style:italic;' : ''}">${esc(l.text)}</div>`)
          .join('')}</div>`,
    )
    .join('');
  return `<!doctype html><html><head><meta charset="utf-8"><style>
  body { margin: 0; background: #fff; color: #111; font-family: 'DejaVu Serif Condensed', 'DejaVu Serif', serif; width: ${p.width}px; }
  .page { padding: 28px 30px; }
  .mast { text-align: center; font-size: 64px; font-weight: bold; letter-spacing: 1px; border-bottom: 4px double #111; padding-bottom: 6px; }
  .date { text-align: center; font-size: 14px; border-bottom: 2px solid #111; padding: 4px 0; margin-bottom: 10px; }
  .cols { display: flex; gap: 0; }
  .col { flex: 1; padding: 0 9px; border-right: 1px solid #111; font-size: 12.5px; line-height: 1.25; text-align: justify; }
  .col:last-child { border-right: none; }
  .col h2 { font-size: 15px; text-align: center; margin: 2px 0 6px; border-bottom: 1px solid #111; padding-bottom: 3px; }
  .col p { margin: 0 0 6px; text-indent: 12px; }
  .ads { display: flex; flex-wrap: wrap; gap: 12px; margin-top: 14px; border-top: 3px solid #111; padding-top: 12px; }
  .ad { flex: 1 1 30%; text-align: center; padding: 10px 6px; line-height: 1.15; }
  .ad.single { border: 2px solid #111; }
  .ad.double { border: 6px double #111; }
  .ad.rev { background: #111; color: #fff; }
  </style></head><body><div class="page"><div class="mast">${esc(p.masthead)}</div><div class="date">${esc(p.dateline)}</div><div class="cols">${cols}</div><div class="ads">${ads}</div></div></body></html>`;
}

async function age(png: Buffer, p: Page): Promise<Buffer> {
  const rnd = seededRandom(p.seed);
  const { data, info } = await sharp(png).removeAlpha().greyscale().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  // Foxing: soft brown spots of 4-30 px.
  const spots = Array.from({ length: p.spots }, () => ({ x: rnd() * width, y: rnd() * height, r: 4 + rnd() * 26, a: 0.25 + rnd() * 0.45 }));
  const out = Buffer.alloc(width * height * 3);
  const [pr, pg, pb] = p.paper;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const ink = 1 - data[y * width + x]! / 255;
      // Exposure falls off towards one corner (uneven contrast), paper darkens and ink fades there.
      const fall = 1 - p.falloff * ((x / width) * 0.6 + (y / height) * 0.4);
      let fox = 0;
      for (const s of spots) {
        const d = Math.hypot(x - s.x, y - s.y);
        if (d < s.r * 1.5) fox = Math.max(fox, s.a * Math.exp(-((d / s.r) ** 2)));
      }
      const grain = (rnd() - 0.5) * 18;
      const inkLevel = 0.82 + rnd() * 0.12;
      const paper = (c: number, brown: number) => c * fall * (1 - fox) + brown * fox;
      const mix = (c: number, brown: number, inkC: number) => paper(c, brown) * (1 - ink * inkLevel) + inkC * ink * inkLevel + grain;
      const i = (y * width + x) * 3;
      out[i] = Math.max(0, Math.min(255, mix(pr, 150, 40)));
      out[i + 1] = Math.max(0, Math.min(255, mix(pg, 110, 32)));
      out[i + 2] = Math.max(0, Math.min(255, mix(pb, 70, 28)));
    }
  }
  return sharp(out, { raw: { width, height, channels: 3 } })
    .blur(0.6)
    .rotate(p.skew, { background: { r: pr - 30, g: pg - 30, b: pb - 30 } })
    .jpeg({ quality: p.quality, mozjpeg: true })
    .toBuffer();
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-newspaper-'));
try {
  for (const p of PAGES) {
    const htmlFile = path.join(tmp, `${p.file}.html`);
    const shot = path.join(tmp, `${p.file}.png`);
    fs.writeFileSync(htmlFile, html(p));
    execFileSync(args.chromium!, ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', `--window-size=${p.width},${p.height}`, `--screenshot=${shot}`, `file://${htmlFile}`], { stdio: 'ignore' });
    const jpeg = await age(fs.readFileSync(shot), p);
    fs.writeFileSync(path.join(args.out!, p.file), jpeg);
    console.log(`${p.file}: ${jpeg.length} bytes`);
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}

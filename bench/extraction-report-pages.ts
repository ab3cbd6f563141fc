/**
 * Tuning scans of the two shapes issue 32 names that no tuning file showed (round 20): a low-resolution image-only
 * report whose large header line is lost while its tables come through, and a bitonal brochure scan that loses its
 * title line while its body comes through. Each page is laid out in HTML (a large plain title over 10-11 px body text
 * and tables), rendered with headless Chromium, then made into the scan: the report scaled down to a low resolution,
 * greyed and JPEG-compressed, and wrapped as the only content of a one-page PDF (an image-only PDF, as a scanner
 * writes it); the brochure thresholded to black and white (1 bit) with a little speckle, as a bitonal fax-mode scan.
 * The phrases are the text written into the HTML, so they are known before any OCR reading.
 *
 *   npx tsx bench/extraction-report-pages.ts [--out test/fixtures/real] [--chromium /usr/bin/chromium]
 *
 * The committed files are this script's output (Chromium's text rendering can differ between versions, so the tests
 * read the committed files, not a fresh render).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { jpegPdf } from './extraction-jpeg-pdf.js';
import { REPO_ROOT, seededRandom } from './lib.js';

const { values: args } = parseArgs({
  options: {
    out: { type: 'string', default: path.join(REPO_ROOT, 'test/fixtures/real') },
    chromium: { type: 'string', default: '/usr/bin/chromium' },
  },
});

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const STYLE = `body { margin: 0; background: #fff; color: #111; font-family: 'DejaVu Sans', 'Liberation Sans', sans-serif; }
  .page { padding: 40px 48px; }
  h1 { font-weight: bold; margin: 0 0 10px; line-height: 1.05; }
  .sub { font-size: 15px; margin: 0 0 18px; }
  p { font-size: 11px; line-height: 1.35; margin: 0 0 8px; text-align: justify; }
  table { border-collapse: collapse; width: 100%; font-size: 11px; margin: 6px 0 14px; }
  th, td { border: 1px solid #333; padding: 3px 6px; text-align: left; }
  th { background: #ddd; }
  .cols { column-count: 2; column-gap: 24px; }`;

const REPORT = {
  width: 816,
  height: 1056,
  title: 'Annual Water Quality Report',
  sub: 'Lakeside Municipal Water District · Reporting year 2023',
  body: [
    'This report tells you where your drinking water comes from, what it contains and how it compares with the standards set by state and federal regulators. The district tested for more than eighty substances during the year.',
    'Water is drawn from two wells in the northern aquifer and from the Cedar Creek reservoir. After filtration and disinfection at the Harbor Road plant it is pumped to storage tanks on Ridge Hill and Mill Lane.',
  ],
  table: {
    head: ['Substance', 'Unit', 'Limit', 'Highest level', 'Range', 'Source'],
    rows: [
      ['Nitrate', 'mg/L', '10', '2.4', '0.8 - 2.4', 'Fertilizer runoff'],
      ['Fluoride', 'mg/L', '4', '0.71', '0.52 - 0.71', 'Water additive'],
      ['Barium', 'mg/L', '2', '0.05', '0.02 - 0.05', 'Erosion of deposits'],
      ['Total coliform', '% positive', '5', '0', '0 - 0', 'Naturally present'],
      ['Lead (90th percentile)', 'ug/L', '15', '3.1', 'ND - 6.2', 'Household plumbing'],
      ['Chlorine', 'mg/L', '4', '1.2', '0.4 - 1.6', 'Disinfectant'],
    ],
  },
  after: [
    'Some people may be more vulnerable to contaminants in drinking water than the general population. Questions about this report can be sent to the district office at 214 Harbor Road, open weekdays from 8 to 4.',
  ],
};

const BROCHURE = {
  width: 1100,
  height: 1400,
  title: 'Riverside Community Garden',
  sub: 'Open days, plots and workshops for the spring season',
  body: [
    'The garden sits on the old railway sidings behind the library and is looked after by volunteers from the neighbourhood. Forty raised beds are let to families each year, and the orchard and herb borders are open to everyone.',
    'New members are welcome at any time. A plot costs twelve pounds a year and comes with tools, compost and water from the rain tanks. Children under ten must be with an adult in the greenhouse.',
    'Workshops are held on the first Saturday of each month from ten until noon. This spring we will cover seed sowing, pruning fruit trees, making leaf mould and building a bee hotel from garden waste.',
    'To book a plot or a place on a workshop, leave your name at the library desk or ring the garden secretary on 01632 960 418 in the evening. Please bring gloves and stout shoes.',
  ],
  table: {
    head: ['Date', 'Workshop', 'Led by'],
    rows: [
      ['6 April', 'Sowing seeds indoors', 'Margaret Ellis'],
      ['4 May', 'Pruning fruit trees', 'Tom Haddon'],
      ['1 June', 'Building a bee hotel', 'Priya Shah'],
    ],
  },
};

function tableHtml(t: { head: string[]; rows: string[][] }): string {
  return `<table><tr>${t.head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr>${t.rows.map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`).join('')}</table>`;
}

function reportHtml(): string {
  const r = REPORT;
  return `<!doctype html><html><head><meta charset="utf-8"><style>${STYLE} h1 { font-size: 48px; letter-spacing: -3px; } body { width: ${r.width}px; }</style></head><body><div class="page">
  <h1>${esc(r.title)}</h1><div class="sub">${esc(r.sub)}</div>${r.body.map((b) => `<p>${esc(b)}</p>`).join('')}${tableHtml(r.table)}${r.after.map((b) => `<p>${esc(b)}</p>`).join('')}</div></body></html>`;
}

function brochureHtml(): string {
  const b = BROCHURE;
  return `<!doctype html><html><head><meta charset="utf-8"><style>${STYLE} h1 { font-size: 112px; text-align: center; letter-spacing: -2px; } .sub { text-align: center; font-size: 20px; } p { font-size: 14px; } table { font-size: 14px; } body { width: ${b.width}px; }</style></head><body><div class="page">
  <h1>${esc(b.title)}</h1><div class="sub">${esc(b.sub)}</div><div class="cols">${b.body.map((x) => `<p>${esc(x)}</p>`).join('')}</div>${tableHtml(b.table)}</div></body></html>`;
}

function render(html: string, width: number, height: number): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-page-'));
  try {
    const file = path.join(dir, 'page.html');
    const png = path.join(dir, 'page.png');
    fs.writeFileSync(file, html);
    execFileSync(args.chromium!, ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', `--window-size=${width},${height}`, `--screenshot=${png}`, `file://${file}`], { stdio: 'ignore' });
    return fs.readFileSync(png);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The report at 72 dpi (612x792 px for US Letter), grey, JPEG quality 60: a low-resolution office scan. */
async function report(): Promise<Buffer> {
  const png = render(reportHtml(), REPORT.width, REPORT.height);
  const { data, info } = await sharp(png).greyscale().resize(612, 792, { fit: 'fill' }).jpeg({ quality: 60 }).toBuffer({ resolveWithObject: true });
  return jpegPdf(data, info.width, info.height);
}

/** The brochure thresholded to 1 bit with a sprinkle of dust, saved as a CCITT G4 TIFF (a bitonal scan). */
async function brochure(): Promise<Buffer> {
  const png = render(brochureHtml(), BROCHURE.width, BROCHURE.height);
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const rnd = seededRandom(11);
  const out = Buffer.alloc(data.length);
  for (let i = 0; i < data.length; i++) out[i] = data[i]! < 150 !== rnd() < 0.002 ? 0 : 255;
  return sharp(out, { raw: { width: info.width, height: info.height, channels: 1 } })
    .toColourspace('b-w')
    .tiff({ compression: 'ccittfax4', bitdepth: 1, xres: 4.72, yres: 4.72 })
    .toBuffer();
}

const out = String(args.out);
fs.writeFileSync(path.join(out, 'scan-report-low-res.pdf'), await report());
fs.writeFileSync(path.join(out, 'scan-brochure-bitonal.tif'), await brochure());
console.log(`wrote scan-report-low-res.pdf and scan-brochure-bitonal.tif into ${out}`);

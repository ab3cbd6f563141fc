/**
 * Tuning scans of a shape issue 32 names (round 22): a page whose headers are reversed out of a dark band (white
 * type on a dark blue title bar). Made from real slides that ship in a registry package: Debian
 * texlive-latex-recommended-doc 2022.20230122-3, beamer's `beamerexample-conference-talk.pdf` (beamer's documentation,
 * GFDL-1.3+ or LPPL-1.3c+), rendered with poppler's `pdftoppm` and made into a scan as a scanner writes one:
 *   - scan-slide-dark-band.pdf: slide 16 at 100 dpi, grey JPEG quality 60, the only content of a one-page PDF of
 *     the slide's own size (an image-only PDF);
 *   - scan-slide-dark-band-bitonal.tif: slide 21 at 72 dpi, thresholded to 1 bit, CCITT G4.
 * The phrases (test/fixtures/real/MANIFEST.json) were written from the rendered slides, before any OCR of them.
 *
 *   apt-get download texlive-latex-recommended-doc=2022.20230122-3   # sha256 8bea1f81bf50354fa4f3046c2dbb82efba9b8520aca0b2ab12eed18554a66c11
 *   dpkg-deb -x texlive-latex-recommended-doc_2022.20230122-3_all.deb /tmp/tl
 *   npx tsx bench/extraction-slide-pages.ts --talk /tmp/tl/usr/share/doc/texlive-doc/latex/beamer/beamerexample-conference-talk.pdf
 *
 * Needs `pdftoppm` (Debian poppler-utils). The committed files are this script's output; the tests read those.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { jpegPdf } from './extraction-jpeg-pdf.js';
import { REPO_ROOT } from './lib.js';

const { values: args } = parseArgs({
  options: {
    talk: { type: 'string' },
    out: { type: 'string', default: path.join(REPO_ROOT, 'test/fixtures/real') },
  },
});
if (!args.talk) throw new Error('--talk PATH to beamerexample-conference-talk.pdf is required (see the comment at the top)');

/** One page of the PDF rendered at `dpi` as PNG bytes. */
function render(pdf: string, page: number, dpi: number): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mnemo-slides-'));
  try {
    execFileSync('pdftoppm', ['-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', '-png', pdf, path.join(dir, 'page')]);
    return fs.readFileSync(path.join(dir, 'page.png'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Slide 16 at 100 dpi, grey JPEG q60, as an image-only PDF the size of the slide (so the image is 100 dpi). */
async function greySlide(talk: string): Promise<Buffer> {
  const png = render(talk, 16, 100);
  const { data, info } = await sharp(png).greyscale().jpeg({ quality: 60 }).toBuffer({ resolveWithObject: true });
  return jpegPdf(data, info.width, info.height, { width: Math.round((info.width * 72) / 100), height: Math.round((info.height * 72) / 100) });
}

/** Slide 21 at 72 dpi thresholded at grey 150 to 1 bit (the blue bands turn black, their type stays white), CCITT G4. */
async function bitonalSlide(talk: string): Promise<Buffer> {
  const png = render(talk, 21, 72);
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const out = Buffer.alloc(info.width * info.height);
  for (let i = 0; i < out.length; i++) out[i] = data[i * info.channels]! < 150 ? 0 : 255;
  return sharp(out, { raw: { width: info.width, height: info.height, channels: 1 } })
    .toColourspace('b-w')
    .tiff({ compression: 'ccittfax4', bitdepth: 1, xres: 72 / 25.4, yres: 72 / 25.4 })
    .toBuffer();
}

const out = String(args.out);
fs.writeFileSync(path.join(out, 'scan-slide-dark-band.pdf'), await greySlide(String(args.talk)));
fs.writeFileSync(path.join(out, 'scan-slide-dark-band-bitonal.tif'), await bitonalSlide(String(args.talk)));
console.log(`wrote scan-slide-dark-band.pdf and scan-slide-dark-band-bitonal.tif into ${out}`);

/**
 * Dark text on a light background everywhere on the page, with its local contrast stretched: regions whose background
 * is dark (a terminal window, a street sign's enamel, a dark panel in a UI) are turned light-on-dark to dark-on-light,
 * and in every region the background becomes white and its strongest ink black. One threshold for the whole page
 * (tesseract's Otsu) then no longer has to split a dark window from light paper, nor dim or coloured text from a
 * background of nearly its grey level.
 */

/** The least ink contrast a tile is stretched by (grey levels): flat areas keep their noise faint. */
const MIN_CONTRAST = 32;
/** Percentile of a tile's grey levels on the ink side (the strongest ink maps to black). */
const INK_PERCENTILE = 0.04;

/** Tile side in pixels for a page of this size (about 48 tiles on the longer side, 12-64 px). */
export function polarityTile(width: number, height: number): number {
  return Math.min(64, Math.max(12, Math.round(Math.max(width, height) / 48)));
}

interface Grid {
  cols: number;
  rows: number;
  tile: number;
  /** Per tile: median grey (the background). */
  background: Float32Array;
  /** Per tile: grey level of the light-side and dark-side ink percentiles. */
  high: Float32Array;
  low: Float32Array;
  /**
   * Per tile, averaged with its neighbours: how much further the light side reaches from the background than the dark
   * side (positive: light text on a darker background).
   */
  light: Float32Array;
}

function tileGrid(gray: Uint8Array, width: number, height: number, tile: number): Grid {
  const cols = Math.ceil(width / tile);
  const rows = Math.ceil(height / tile);
  const background = new Float32Array(cols * rows);
  const high = new Float32Array(cols * rows);
  const low = new Float32Array(cols * rows);
  const hist = new Uint32Array(256);
  for (let ty = 0; ty < rows; ty++) {
    for (let tx = 0; tx < cols; tx++) {
      hist.fill(0);
      const x1 = Math.min(width, (tx + 1) * tile);
      const y1 = Math.min(height, (ty + 1) * tile);
      for (let y = ty * tile; y < y1; y++) for (let x = tx * tile; x < x1; x++) hist[gray[y * width + x]!]! += 1;
      const n = (x1 - tx * tile) * (y1 - ty * tile);
      const at = (share: number): number => {
        const target = share * n;
        let seen = 0;
        for (let v = 0; v < 256; v++) {
          seen += hist[v]!;
          if (seen > target) return v;
        }
        return 255;
      };
      const i = ty * cols + tx;
      background[i] = at(0.5);
      low[i] = at(INK_PERCENTILE);
      high[i] = at(1 - INK_PERCENTILE);
    }
  }
  const light = new Float32Array(cols * rows);
  for (let ty = 0; ty < rows; ty++) {
    for (let tx = 0; tx < cols; tx++) {
      let sum = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const x = tx + dx;
          const y = ty + dy;
          if (x < 0 || y < 0 || x >= cols || y >= rows) continue;
          const i = y * cols + x;
          sum += high[i]! - background[i]! - (background[i]! - low[i]!);
        }
      }
      light[ty * cols + tx] = sum;
    }
  }
  return { cols, rows, tile, background, high, low, light };
}

/** Bilinear reading of a per-tile value at pixel (x, y), tile centres as the sample points. */
function sample(grid: Grid, values: Float32Array, x: number, y: number): number {
  const gx = Math.min(grid.cols - 1, Math.max(0, (x + 0.5) / grid.tile - 0.5));
  const gy = Math.min(grid.rows - 1, Math.max(0, (y + 0.5) / grid.tile - 0.5));
  const x0 = Math.floor(gx);
  const y0 = Math.floor(gy);
  const x1 = Math.min(grid.cols - 1, x0 + 1);
  const y1 = Math.min(grid.rows - 1, y0 + 1);
  const fx = gx - x0;
  const fy = gy - y0;
  const row0 = values[y0 * grid.cols + x0]! * (1 - fx) + values[y0 * grid.cols + x1]! * fx;
  const row1 = values[y1 * grid.cols + x0]! * (1 - fx) + values[y1 * grid.cols + x1]! * fx;
  return row0 * (1 - fy) + row1 * fy;
}

/** Share of the page's tiles whose text is lighter than its background (a terminal, a sign, a dark panel). */
export function darkShare(gray: Uint8Array, width: number, height: number): number {
  const grid = tileGrid(gray, width, height, polarityTile(width, height));
  let dark = 0;
  for (const b of grid.light) if (b > 0) dark++;
  return grid.background.length ? dark / grid.background.length : 0;
}

/**
 * The page (one grey byte per pixel) with every region's text dark on white: a pixel whose local text is lighter than
 * its background (by the tiles' ink on either side of their medians, interpolated) is inverted; then its distance from that background is stretched so the
 * tile's strongest ink (its 4th percentile on the ink side) is black.
 */
export function normalisePolarity(gray: Uint8Array, width: number, height: number): Uint8Array {
  const grid = tileGrid(gray, width, height, polarityTile(width, height));
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const bg = sample(grid, grid.background, x, y);
      const v = gray[i]!;
      let ink: number;
      let contrast: number;
      if (sample(grid, grid.light, x, y) > 0) {
        ink = v - bg;
        contrast = sample(grid, grid.high, x, y) - bg;
      } else {
        ink = bg - v;
        contrast = bg - sample(grid, grid.low, x, y);
      }
      const level = 255 - (255 * ink) / Math.max(MIN_CONTRAST, contrast);
      out[i] = level < 0 ? 0 : level > 255 ? 255 : Math.round(level);
    }
  }
  return out;
}

/**
 * A polarity page (dark text on white, normalisePolarity) with every pixel's ink (its distance from white) multiplied
 * by `gain` and clipped at black: a tile's stretch is set by its strongest ink, so dim text beside bright text (a
 * terminal's dim grey comment under bright code, Rich's '(most recent call last)' beside its red 'Traceback') stays
 * light grey there and one threshold drops it; lifted, it is as dark as the rest, and bright text only turns bolder.
 */
export function liftDimInk(polar: Uint8Array, gain: number): Uint8Array {
  const out = new Uint8Array(polar.length);
  for (let i = 0; i < polar.length; i++) {
    const ink = (255 - polar[i]!) * gain;
    out[i] = ink >= 255 ? 0 : Math.round(255 - ink);
  }
  return out;
}

/** Tiles whose ink reaches this far below their background (grey levels) hold dark text for unevenLight. */
const TEXT_CONTRAST = 48;

/**
 * How unevenly lit the paper under a page's dark text is: the 10th and 90th percentiles of the background (median
 * grey) of the tiles with dark text on them, and their ratio (1 = even; a photographed page darkening towards one
 * edge goes far below). One threshold for the page (tesseract's Otsu) takes the dim side's paper for ink there.
 */
export function unevenLight(gray: Uint8Array, width: number, height: number): { low: number; high: number; ratio: number } {
  const grid = tileGrid(gray, width, height, polarityTile(width, height));
  const paper: number[] = [];
  for (let i = 0; i < grid.background.length; i++) {
    if (grid.light[i]! <= 0 && grid.background[i]! - grid.low[i]! >= TEXT_CONTRAST) paper.push(grid.background[i]!);
  }
  if (paper.length < 4) return { low: 0, high: 0, ratio: 1 };
  paper.sort((a, b) => a - b);
  const low = paper[Math.floor(paper.length * 0.1)]!;
  const high = paper[Math.floor(paper.length * 0.9)]!;
  return { low, high, ratio: high > 0 ? low / high : 1 };
}

import { otsu } from './otsu.js';
import { components } from './connected-components.js';

/**
 * A scene line's grey crop (dark text on light, one byte per pixel) as black ink on white: Otsu's threshold of the
 * crop, without the ink that touches its top or bottom edge (the letters of the lines above and below, a sign's
 * frame). The grey crop keeps them and reads 'Car Parks' at confidence 42 under a row of cut-off letters; the line's
 * own characters never reach those edges (its box is padded above and below them).
 */
export function binaryLine(grey: Uint8Array, width: number, height: number): Uint8Array {
  const threshold = otsu(grey);
  const ink = new Uint8Array(grey.length);
  for (let i = 0; i < grey.length; i++) ink[i] = grey[i]! < threshold ? 1 : 0;
  const { comps, label } = components(ink, width, height);
  const out = new Uint8Array(grey.length).fill(255);
  for (let i = 0; i < out.length; i++) {
    const id = label[i]!;
    if (id < 0) continue;
    const c = comps[id]!;
    if (c.y0 > 0 && c.y1 < height) out[i] = 0;
  }
  return out;
}

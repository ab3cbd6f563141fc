/** A pixel is light colour when its brightest channel is at least this and its channels spread by SATURATED or more. */
const COLOUR_LIGHT = 140;
const SATURATED = 60;

/**
 * Share of the pixels that are light, saturated colour (brightest channel at least COLOUR_LIGHT, channels apart by
 * SATURATED or more): the cyan, green and salmon boxes of a diagram, a coloured table header. Grey turns such a box
 * mid-grey, and one threshold for the page then takes the box with the dark text on it for ink. `rgb` is
 * `channels` bytes per pixel (R, G, B first).
 */
export function colourShare(rgb: Uint8Array, channels: number): number {
  const n = Math.floor(rgb.length / channels);
  if (n === 0 || channels < 3) return 0;
  let coloured = 0;
  for (let i = 0; i < n; i++) {
    const r = rgb[i * channels]!;
    const g = rgb[i * channels + 1]!;
    const b = rgb[i * channels + 2]!;
    const hi = Math.max(r, g, b);
    if (hi >= COLOUR_LIGHT && hi - Math.min(r, g, b) >= SATURATED) coloured++;
  }
  return coloured / n;
}

/** Grey from the brightest of R, G and B at each pixel (`channels` bytes per pixel): a coloured box turns light, dark text on it stays dark. */
export function brightestChannel(rgb: Uint8Array, channels: number): Uint8Array {
  const n = Math.floor(rgb.length / channels);
  const grey = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const o = i * channels;
    grey[i] = channels >= 3 ? Math.max(rgb[o]!, rgb[o + 1]!, rgb[o + 2]!) : rgb[o]!;
  }
  return grey;
}

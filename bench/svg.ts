/** SVG pieces shared by the hand-written benchmark charts. */

export interface TextStyle {
  size: number;
  anchor?: string;
  weight?: string;
  fill?: string;
  /** White outline, so a label stays readable over lines and bars. */
  halo?: boolean;
}

export function svgText(x: number, y: number, s: string, o: TextStyle): string {
  const halo = o.halo ? ' stroke="#fff" stroke-width="3" paint-order="stroke"' : '';
  return `<text x="${x}" y="${y}" font-size="${o.size}" text-anchor="${o.anchor ?? 'start'}"${o.weight ? ` font-weight="${o.weight}"` : ''} fill="${o.fill ?? '#111'}"${halo}>${escapeXml(s)}</text>`;
}

export function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A whole SVG document of the given size with a white background. */
export function svgDocument(width: number, height: number, parts: readonly string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif">\n<rect width="${width}" height="${height}" fill="#ffffff"/>\n${parts.join('\n')}\n</svg>\n`;
}

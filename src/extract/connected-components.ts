/** A connected component of set pixels: its box (x1, y1 exclusive) and pixel count. */
export interface Comp {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  area: number;
}

/** Connected components (8-neighbour) of the set pixels of `ink`, with their boxes and pixel counts. */
export function components(ink: Uint8Array, width: number, height: number): { comps: Comp[]; label: Int32Array } {
  const label = new Int32Array(width * height).fill(-1);
  const out: Comp[] = [];
  const stack: number[] = [];
  for (let start = 0; start < ink.length; start++) {
    if (!ink[start] || label[start]! >= 0) continue;
    const c: Comp = { x0: width, y0: height, x1: 0, y1: 0, area: 0 };
    label[start] = out.length;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % width;
      const y = (i - x) / width;
      c.area++;
      if (x < c.x0) c.x0 = x;
      if (y < c.y0) c.y0 = y;
      if (x + 1 > c.x1) c.x1 = x + 1;
      if (y + 1 > c.y1) c.y1 = y + 1;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const j = yy * width + xx;
          if (ink[j] && label[j]! < 0) {
            label[j] = out.length;
            stack.push(j);
          }
        }
      }
    }
    out.push(c);
  }
  return { comps: out, label };
}

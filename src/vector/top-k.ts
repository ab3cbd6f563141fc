/** Keeps the k highest-scoring items seen so far (a binary min-heap on score). */
export class TopK {
  private readonly scores: Float64Array;
  private readonly items: Int32Array;
  private size = 0;

  constructor(readonly k: number) {
    this.scores = new Float64Array(Math.max(k, 1));
    this.items = new Int32Array(Math.max(k, 1));
  }

  /** Lowest score currently kept, or -Infinity while not full. */
  get floor(): number {
    return this.size < this.k ? -Infinity : this.scores[0]!;
  }

  push(item: number, score: number): void {
    if (this.k <= 0) return;
    if (this.size < this.k) {
      let i = this.size++;
      this.scores[i] = score;
      this.items[i] = item;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (this.scores[parent]! <= this.scores[i]!) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    if (score <= this.scores[0]!) return;
    this.scores[0] = score;
    this.items[0] = item;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < this.size && this.scores[l]! < this.scores[m]!) m = l;
      if (r < this.size && this.scores[r]! < this.scores[m]!) m = r;
      if (m === i) break;
      this.swap(i, m);
      i = m;
    }
  }

  /** Kept items, best first. */
  sorted(): { item: number; score: number }[] {
    const out: { item: number; score: number }[] = [];
    for (let i = 0; i < this.size; i++) out.push({ item: this.items[i]!, score: this.scores[i]! });
    return out.sort((a, b) => b.score - a.score || a.item - b.item);
  }

  private swap(a: number, b: number): void {
    const s = this.scores[a]!;
    this.scores[a] = this.scores[b]!;
    this.scores[b] = s;
    const it = this.items[a]!;
    this.items[a] = this.items[b]!;
    this.items[b] = it;
  }
}

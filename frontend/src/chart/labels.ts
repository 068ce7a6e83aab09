// End-of-curve labels: each beside its curve's last point, moved apart where curves meet so no
// two overlap, and kept within the plot's height.

/** Positions (same order as `ys`) at least `gap` apart, as near their own as possible, within [lo, hi]. */
export function dodge(ys: number[], gap: number, lo: number, hi: number): number[] {
  const order = ys.map((y, i) => ({ y: Math.min(hi, Math.max(lo, y)), i })).sort((a, b) => a.y - b.y);
  // push down from the top, then back up from the bottom: a stack that overflows fits again
  for (let k = 1; k < order.length; k++) order[k].y = Math.max(order[k].y, order[k - 1].y + gap);
  if (order.length && order[order.length - 1].y > hi) {
    order[order.length - 1].y = hi;
    for (let k = order.length - 2; k >= 0; k--) order[k].y = Math.min(order[k].y, order[k + 1].y - gap);
  }
  const out = new Array<number>(ys.length);
  for (const o of order) out[o.i] = o.y;
  return out;
}

// Value-axis ticks for counts: whole numbers from 0, 1, 2 or 5 times a power of ten apart, the
// last at or above the largest value, at most six in all.
const STEPS = [1, 2, 5];

export function valueTicks(largest: number, most = 6): number[] {
  const top = Math.max(1, Math.ceil(largest));
  for (let power = 1; ; power *= 10) {
    for (const base of STEPS) {
      const step = base * power;
      const count = Math.ceil(top / step) + 1;
      if (count <= most) return Array.from({ length: count }, (_, i) => i * step);
    }
  }
}

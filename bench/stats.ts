/** Median and 99th percentile (nearest rank) of a list of durations in ms. */
export function summarize(samples: number[]): { median: number; p99: number; n: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { median: at(0.5), p99: at(0.99), n: sorted.length };
}

export function verdict(value: number, target: number, lowerIsBetter = true): string {
  const ok = lowerIsBetter ? value < target : value >= target;
  return ok ? "meets target" : "MISSES target";
}

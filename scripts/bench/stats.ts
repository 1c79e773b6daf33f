/** Medians and spread of repeated measures (these machines are noisy: never one run). */
export interface Measure {
  median: number
  min: number
  max: number
  runs: number
}

export function measure(values: number[]): Measure {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
  return { median, min: sorted[0]!, max: sorted.at(-1)!, runs: values.length }
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

export const RUNS = Number(process.env.BENCH_RUNS ?? 5)

/** One line of the bench's table. */
import type { Measure } from './stats.ts'

export interface Row {
  figure: string
  project?: Measure
  floor?: Measure
  unit: string
  /**
   * 'ratio': project/floor ≤ limit; 'absolute': project ≤ limit (both ≥ when `atLeast`). None: a
   * figure shown to explain another (it does not decide the exit code).
   */
  target?: { kind: 'ratio' | 'absolute'; limit: number; atLeast?: boolean; text: string }
  note?: string
}

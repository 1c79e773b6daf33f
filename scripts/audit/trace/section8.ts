/** Traceability records of spec §8 (see model.ts; item ids in docs/traceability.md). */
import type { Trace } from './model.ts'

export const section8: Trace[] = []

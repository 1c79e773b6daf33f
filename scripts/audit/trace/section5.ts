/** Traceability records of spec §5 (see model.ts; item ids in docs/traceability.md). */
import type { Trace } from './model.ts'

export const section5: Trace[] = []

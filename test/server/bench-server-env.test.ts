/**
 * The settings an operator gives the servers the PostgreSQL figures measure
 * (`BENCH_PG_SERVER_ENV`, scripts/bench/postgres-figures.ts): each NAME=value reaches them as
 * written, and a word that is not one stops the bench instead of being measured without it.
 */
import { describe, expect, it } from 'vitest'
import { serverEnvOf } from '../../scripts/bench/postgres-figures.ts'

describe('BENCH_PG_SERVER_ENV', () => {
  it('gives each NAME=value as written, a value may hold "=" or be empty', () => {
    expect(serverEnvOf('  PG_POOL_MAX=3   LOG_LEVEL=warn NODE_OPTIONS=--max-semi-space-size=16 EMPTY= ')).toEqual({
      PG_POOL_MAX: '3',
      LOG_LEVEL: 'warn',
      NODE_OPTIONS: '--max-semi-space-size=16',
      EMPTY: '',
    })
  })

  it('nothing given: no setting of its own', () => {
    expect(serverEnvOf('')).toEqual({})
  })

  it.each(['PG_POOL_MAX', 'pg_pool_max=3', '=3', 'PG POOL=3'])('refuses "%s" rather than ignore it', (given) => {
    expect(() => serverEnvOf(given)).toThrow(/BENCH_PG_SERVER_ENV: ".*" is not NAME=value/)
  })
})

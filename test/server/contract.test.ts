import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { CONTRACT_URL, loadContract } from '../../server/http/contract.ts'

/**
 * Fastify validates with Ajv's draft-07 dialect while OpenAPI 3.1 schemas are JSON Schema 2020-12.
 * The two agree on every keyword below; a keyword outside this list (prefixItems, $defs,
 * unevaluatedProperties, a type array with "null"…) must be checked before it enters the contract.
 */
const KEYWORDS_WITH_THE_SAME_MEANING = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'pattern',
  'format',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'description',
  '$ref',
])
const ANNOTATION_CONTAINERS = new Set(['properties'])

function keywords(schema: unknown, found = new Set<string>(), parent = ''): Set<string> {
  if (Array.isArray(schema)) schema.forEach((s) => keywords(s, found, parent))
  else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (!ANNOTATION_CONTAINERS.has(parent)) found.add(key)
      if (key === 'enum' || key === 'const' || key === 'required' || key === 'description') continue
      keywords(value, found, key)
    }
  }
  return found
}

describe('the contract as the server reads it', () => {
  const doc = parse(readFileSync(CONTRACT_URL, 'utf8'))
  const contract = loadContract()

  it('uses only JSON Schema keywords that Ajv draft-07 reads like 2020-12', () => {
    const used = keywords(doc.components.schemas)
    // the component names themselves are not keywords
    for (const name of Object.keys(doc.components.schemas)) used.delete(name)
    // nor are the parts of a route schema (body, params, querystring)
    for (const op of contract.operations) for (const part of Object.values(op.schema)) keywords(part, used)
    expect([...used].filter((k) => !KEYWORDS_WITH_THE_SAME_MEANING.has(k))).toEqual([])
  })

  it('has one route per operation, with the operationIds of the document', () => {
    const ids = Object.values(doc.paths as Record<string, Record<string, { operationId?: string }>>)
      .flatMap((item) => Object.values(item))
      .map((op) => op.operationId)
    expect(contract.operations.map((o) => o.operationId).sort()).toEqual([...ids].sort())
  })

  it('marks every customer call, and only those, as needing the bearer token', () => {
    for (const op of contract.operations) {
      expect(op.secured, op.operationId).toBe(op.path.startsWith('/api/rest/customer/v1/'))
    }
  })

  it('refers to the shared schema instead of copying components', () => {
    const login = contract.operations.find((o) => o.operationId === 'login')!
    expect(login.schema.body).toEqual({ $ref: 'portal#/definitions/LoginRequest' })
    expect(JSON.stringify(contract.sharedSchema)).not.toContain('#/components/')
  })
})

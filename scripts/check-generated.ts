// Fails when openapi/schema.d.ts is not what `npm run gen` makes of openapi/portal.yaml today.
import { readFileSync } from 'node:fs'
import openapiTS, { astToString } from 'openapi-typescript'

const generated = astToString(await openapiTS(new URL('../openapi/portal.yaml', import.meta.url)))
const onDisk = readFileSync(new URL('../openapi/schema.d.ts', import.meta.url), 'utf8')
const strip = (s: string) => s.replace(/^\/\*\*[\s\S]*?\*\/\s*/, '').trim()
if (strip(generated) !== strip(onDisk)) {
  console.error('openapi/schema.d.ts is stale: run `npm run gen` and commit the result.')
  process.exit(1)
}
console.log('openapi/schema.d.ts is current.')

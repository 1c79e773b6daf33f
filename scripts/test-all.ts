/**
 * `npm test`: the checks (`npm run check`: types, lint, format, contract, generated files) and every
 * test project (`vitest run`) at once, not one after the other. The checks run one program at a
 * time and keep one core busy for minutes; beside them Vitest's workers use the rest, so on a
 * 2-core machine the whole takes about the checks' time less (docs/decisions.md, "CI in its
 * window"). Vitest's output streams as it comes; the checks' output, short, is printed whole
 * once they end, so that neither cuts into the other's lines. Fails when either fails.
 *
 * Hand-written rather than a runner such as `concurrently`: that one interleaves the two outputs
 * line by line with prefixes, and this is the whole of what is needed.
 */
import { spawn } from 'node:child_process'

function run(command: string, args: string[], stream: boolean): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    const child = spawn(command, args, {
      stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    })
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('close', (code, signal) => done({ code: code ?? (signal ? 1 : 0), output }))
  })
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const [checks, tests] = await Promise.all([
  run(npm, ['run', '--silent', 'check'], false),
  run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)], true),
])
process.stdout.write(`\n── npm run check ${checks.code === 0 ? 'passed' : 'FAILED'}:\n${checks.output}\n`)
if (checks.code !== 0) process.stdout.write('The checks failed (above): npm test fails.\n')
process.exit(checks.code !== 0 ? checks.code : tests.code)

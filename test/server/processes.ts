/**
 * Real server processes for the tests of start-up, modes, locks and scale-out: `server/main.ts`
 * (through tsx, as `npm start` runs it, or the compiled `build/server/main.js` when asked) in a
 * child process on port 0, with the environment given and nothing else inherited but PATH.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { SERVER_NODE_FLAGS } from '../../server/node-flags.ts'

export interface ServerProcess {
  url: string
  child: ChildProcess
  stdout(): string
  stderr(): string
  /** SIGTERM (or the signal given) and the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

export interface Exited {
  code: number | null
  stdout: string
  stderr: string
}

export interface SpawnOptions {
  args?: string[]
  /** Run this JavaScript file with plain node instead of server/main.ts through tsx. */
  script?: string
  cwd?: string
  /** Node's flags; the servers' own (server/node-flags.ts) unless given. */
  nodeFlags?: readonly string[]
}

function spawnServer(env: Record<string, string>, options: SpawnOptions): ChildProcess {
  const argv = options.script ? [options.script] : ['--import', 'tsx', 'server/main.ts']
  return spawn(process.execPath, [...(options.nodeFlags ?? SERVER_NODE_FLAGS), ...argv, ...(options.args ?? [])], {
    cwd: options.cwd,
    // No load shedding by event-loop delay unless a test asks for it: on a loaded test machine a
    // starved process would answer 503 to tests that are not about load (test/server/protection).
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', DIST_DIR: '/nonexistent', LOG_LEVEL: 'warn', SHED_EVENT_LOOP_DELAY_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

/** Starts a server and waits for its ready line; rejects with its output if it exits first. */
export function startServerProcess(env: Record<string, string>, options: SpawnOptions = {}): Promise<ServerProcess> {
  const child = spawnServer(env, options)
  let stdout = ''
  let stderr = ''
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()))
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`server exited (${code}):\n${stdout}\n${stderr}`))
    child.once('exit', onExit)
    child.stdout!.on('data', (c: Buffer) => {
      stdout += c.toString()
      const match = /^Portal ready at http:\/\/localhost:(\d+)\n/m.exec(stdout)
      if (match) {
        child.off('exit', onExit)
        resolve({
          url: `http://127.0.0.1:${match[1]}`,
          child,
          stdout: () => stdout,
          stderr: () => stderr,
          stop: (signal = 'SIGTERM') =>
            new Promise((done) => {
              if (child.exitCode !== null || child.signalCode !== null) return done(child.exitCode)
              child.once('exit', (code) => done(code))
              child.kill(signal)
            }),
        })
      }
    })
  })
}

/** Runs a server that is expected to refuse to start: its exit code and output. */
export function runUntilExit(env: Record<string, string>, options: SpawnOptions = {}): Promise<Exited> {
  const child = spawnServer(env, options)
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()))
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()))
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })))
}

/**
 * The settings of a production process on `databaseUrl` that delivers to these receivers (the
 * tests' bank); migrations are the test's own job. `extra` adds or overrides settings.
 */
export function productionEnv(
  databaseUrl: string,
  delivery: { smtpUrl: string; smsGatewayUrl: string },
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    CODE_SECRET: 'a-secret-of-at-least-32-characters!',
    BANK_NAME: 'la Banque du Kivu',
    SMTP_URL: delivery.smtpUrl,
    MAIL_FROM: 'portail@banque.example',
    SMS_GATEWAY_URL: delivery.smsGatewayUrl,
    MIGRATE_ON_START: 'false',
    ...extra,
  }
}

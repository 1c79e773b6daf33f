/**
 * A phone's slow link between the browser and the portal, as one pipe that every connection
 * shares: a TCP relay (like wire.ts) that lets bytes through at a fixed rate in each direction and
 * adds a round trip's latency, whoever sends them — the page, its service worker, the browser's
 * own preloads. Chromium's DevTools emulation throttles each request of the page on its own, and
 * not the service worker's fetches at all: a precache then costs the first screen nothing, which
 * it does on a real link (docs/performance.md).
 *
 * The model, kept small on purpose:
 * - one first-in-first-out queue per direction (a token bucket with no burst): a segment leaves when
 *   every byte queued before it, on any connection, has left, at `bitsPerSecond`;
 * - then half the round trip (`rttMs / 2`) to the other end;
 * - a new connection's first bytes wait one more round trip (TCP's handshake);
 * - a connection whose bytes wait in the pipe beyond a window (64 KiB, TCP's usual receive window)
 *   stops reading its sender until they drain, so a large download cannot queue unbounded bytes
 *   ahead of a later request on another connection.
 * TCP's slow start, losses and TLS are not modelled (they would slow both pages the same way).
 *
 * It also counts, with the time each segment reached the other end: every byte each way, and each
 * request line (HTTP/1.1 without pipelining) with the time it reached the server.
 */
import { connect, createServer, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'

export interface LinkOptions {
  bitsPerSecond: number
  rttMs: number
}

/** Slow 3G as Chromium's DevTools names it: 400 kbit/s each way, 400 ms round trip. */
export const SLOW_3G_LINK: LinkOptions = { bitsPerSecond: 400_000, rttMs: 400 }

/** What reached one end, and when (ms, Date.now()). */
export interface Delivery {
  at: number
  bytes: number
  toServer: boolean
}

export interface LinkRequest {
  /** When the request line reached the server. */
  at: number
  method: string
  path: string
  /** Bytes of this request, and of its answer (HTTP/1.1 answers in order on a connection). */
  sent: number
  received: number
}

export interface Link {
  url: string
  deliveries: Delivery[]
  requests: LinkRequest[]
  /** Bytes both ways that reached their end by `at`. */
  bytesUntil(at: number): number
  /** Resolves once nothing has crossed for `ms` and nothing waits in the pipe (or after `maxMs`). */
  quiet(ms: number, maxMs: number): Promise<void>
  /** Resolves with the first request matching, once it reached the server. */
  request(match: (r: LinkRequest) => boolean, timeoutMs: number): Promise<LinkRequest>
  close(): Promise<void>
}

const SEGMENT = 1460
const WINDOW = 64 * 1024
const REQUEST_LINE = /^([A-Z]+) (\S+) HTTP\/1\.[01]\r\n/

/** One direction of the pipe: when its last queued byte will have left. */
class Direction {
  private free = 0
  constructor(private readonly bytesPerMs: number) {}
  /** When a segment of `length` bytes queued now will have left this end. */
  leave(length: number): number {
    this.free = Math.max(Date.now(), this.free) + length / this.bytesPerMs
    return this.free
  }
  get backlogMs(): number {
    return Math.max(0, this.free - Date.now())
  }
}

/** One direction of one connection: its segments in order, each delivered at its time. */
class Stream {
  private queue: { at: number; data: Buffer }[] = []
  private timer: NodeJS.Timeout | undefined
  private last = 0
  waiting = 0
  constructor(
    private readonly write: (data: Buffer, at: number) => void,
    private readonly drained: () => void,
  ) {}
  push(data: Buffer, at: number): void {
    // Never before an earlier segment of the same connection.
    this.last = Math.max(this.last, at)
    this.queue.push({ at: this.last, data })
    this.waiting += data.length
    this.arm()
  }
  private arm(): void {
    if (this.timer || this.queue.length === 0) return
    this.timer = setTimeout(() => this.flush(), Math.max(0, this.queue[0]!.at - Date.now()))
  }
  private flush(): void {
    this.timer = undefined
    const now = Date.now()
    while (this.queue.length > 0 && this.queue[0]!.at <= now) {
      const { data, at } = this.queue.shift()!
      this.waiting -= data.length
      this.write(data, at)
    }
    if (this.waiting < WINDOW) this.drained()
    this.arm()
  }
  stop(): void {
    clearTimeout(this.timer)
    this.queue = []
  }
}

export async function throttledLink(target: string, options: LinkOptions = SLOW_3G_LINK): Promise<Link> {
  const { hostname, port } = new URL(target)
  const oneWay = options.rttMs / 2
  const up = new Direction(options.bitsPerSecond / 8 / 1000)
  const down = new Direction(options.bitsPerSecond / 8 / 1000)
  const deliveries: Delivery[] = []
  const requests: LinkRequest[] = []
  const watchers = new Set<() => void>()
  const sockets = new Set<Socket>()
  const streams = new Set<Stream>()
  let lastAt = Date.now()
  const crossed = (delivery: Delivery) => {
    deliveries.push(delivery)
    lastAt = Math.max(lastAt, delivery.at)
    for (const watch of watchers) watch()
  }

  const server = createServer((client) => {
    const opened = Date.now()
    const upstream = connect(Number(port), hostname)
    sockets.add(client).add(upstream)
    let current: LinkRequest | undefined
    const toServer = new Stream(
      (data, at) => {
        const line = REQUEST_LINE.exec(data.subarray(0, 2048).toString('latin1'))
        if (line) {
          current = { at, method: line[1]!, path: line[2]!.split('?')[0]!, sent: 0, received: 0 }
          requests.push(current)
        }
        if (current) current.sent += data.length
        crossed({ at, bytes: data.length, toServer: true })
        upstream.write(data)
      },
      () => client.resume(),
    )
    const toClient = new Stream(
      (data, at) => {
        if (current) current.received += data.length
        crossed({ at, bytes: data.length, toServer: false })
        client.write(data)
      },
      () => upstream.resume(),
    )
    streams.add(toServer).add(toClient)
    const send = (data: Buffer, direction: Direction, stream: Stream, from: Socket, handshake: number) => {
      for (let i = 0; i < data.length; i += SEGMENT) {
        const segment = data.subarray(i, i + SEGMENT)
        stream.push(segment, Math.max(direction.leave(segment.length) + oneWay, handshake))
      }
      if (stream.waiting >= WINDOW) from.pause()
    }
    // The client's first bytes wait for the handshake: one round trip, then half of one to arrive.
    client.on('data', (data: Buffer) => send(data, up, toServer, client, opened + options.rttMs + oneWay))
    upstream.on('data', (data: Buffer) => send(data, down, toClient, upstream, 0))
    const end = () => {
      toServer.stop()
      toClient.stop()
      streams.delete(toServer)
      streams.delete(toClient)
      client.destroy()
      upstream.destroy()
      sockets.delete(client)
      sockets.delete(upstream)
    }
    // A side that closes is closed on the other once its last bytes got through.
    client.on('end', () => setTimeout(end, up.backlogMs + options.rttMs))
    upstream.on('end', () => setTimeout(end, down.backlogMs + options.rttMs))
    client.on('error', end).on('close', () => setTimeout(end, options.rttMs))
    upstream.on('error', end)
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))

  const pending = () => [...streams].some((s) => s.waiting > 0)
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    deliveries,
    requests,
    bytesUntil: (at) => deliveries.reduce((sum, d) => (d.at <= at ? sum + d.bytes : sum), 0),
    quiet: (ms, maxMs) =>
      new Promise<void>((ok) => {
        const started = Date.now()
        const check = setInterval(() => {
          const now = Date.now()
          if ((!pending() && now - lastAt >= ms) || now - started >= maxMs) {
            clearInterval(check)
            ok()
          }
        }, 50)
      }),
    request: (match, timeoutMs) =>
      new Promise<LinkRequest>((ok, fail) => {
        const found = () => requests.find(match)
        const timer = setTimeout(() => {
          watchers.delete(watch)
          fail(new Error(`no matching request reached the server within ${timeoutMs} ms`))
        }, timeoutMs)
        const watch = () => {
          const request = found()
          if (!request) return
          clearTimeout(timer)
          watchers.delete(watch)
          ok(request)
        }
        watchers.add(watch)
        watch()
      }),
    close: () =>
      new Promise<void>((ok) => {
        for (const stream of streams) stream.stop()
        for (const socket of sockets) socket.destroy()
        server.close(() => ok())
      }),
  }
}

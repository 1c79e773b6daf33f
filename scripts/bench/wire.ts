/**
 * A counting TCP relay between the browser and the portal: every byte that crosses the wire, each
 * way — request and response headers, bodies as sent (compressed), chunk framing — whoever asks
 * (the page, or its service worker precaching in the background, which a page's DevTools session
 * does not see). Hand-written: a few lines of `node:net`, where a proxy library would add a
 * dependency for nothing the count needs.
 *
 * HTTP/1.1 without pipelining answers requests in order on a connection, so the bytes that come
 * back are put to the last request line seen on that connection: a breakdown per path for whoever
 * reads why a session costs what it costs.
 */
import { connect, createServer, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'

export interface WireCount {
  /** Bytes from the browser (request lines, headers, bodies). */
  sent: number
  /** Bytes to the browser (status lines, headers, bodies as sent). */
  received: number
  requests: number
  /** Bytes each way, per "METHOD /path" (query left out), in the order first seen. */
  byRequest: Map<string, { count: number; sent: number; received: number }>
}

const REQUEST_LINE = /^([A-Z]+) (\S+) HTTP\/1\.[01]\r\n/

export interface WireRelay {
  url: string
  /** The count since the last reset, then starts a new one. */
  take(): WireCount
  close(): Promise<void>
}

const emptyCount = (): WireCount => ({ sent: 0, received: 0, requests: 0, byRequest: new Map() })

export async function wireRelay(target: string): Promise<WireRelay> {
  const { hostname, port } = new URL(target)
  let count = emptyCount()
  const sockets = new Set<Socket>()
  const server = createServer((client) => {
    const upstream = connect(Number(port), hostname)
    sockets.add(client).add(upstream)
    let current = { count: 0, sent: 0, received: 0 }
    client.on('data', (chunk: Buffer) => {
      const line = REQUEST_LINE.exec(chunk.subarray(0, 2048).toString('latin1'))
      if (line) {
        const key = `${line[1]} ${line[2]!.split('?')[0]}`
        current = count.byRequest.get(key) ?? { count: 0, sent: 0, received: 0 }
        count.byRequest.set(key, current)
        current.count++
        count.requests++
      }
      count.sent += chunk.length
      current.sent += chunk.length
    })
    upstream.on('data', (chunk: Buffer) => {
      count.received += chunk.length
      current.received += chunk.length
    })
    client.pipe(upstream).pipe(client)
    const end = () => {
      client.destroy()
      upstream.destroy()
      sockets.delete(client)
      sockets.delete(upstream)
    }
    client.on('error', end).on('close', end)
    upstream.on('error', end).on('close', end)
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    take() {
      const taken = count
      count = emptyCount()
      return taken
    },
    close: () =>
      new Promise<void>((ok) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => ok())
      }),
  }
}

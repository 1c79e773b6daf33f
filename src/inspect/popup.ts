/**
 * The link to the hosted Stately inspector (https://stately.ai/inspect), speaking the protocol of
 * @statelyai/inspect's browser adapter: the inspector is opened in a window named
 * `xstateinspector`, it posts `{ type: '@statelyai.connected' }` to its opener once it listens,
 * and from then on every inspection event is posted to it.
 *
 * Our own adapter rather than the package's, so that:
 * - the window can be opened later, from a click in the QA panel: browsers block a popup opened
 *   without one, and a page served with `Cross-Origin-Opener-Policy: same-origin` (the reference
 *   server's) cuts the popup off from its opener, so that opening at each page load would only
 *   pile up disconnected tabs (docs/qa.md). Until then the events wait in a bounded buffer;
 * - a blocked network or popup never breaks the app: `window.open` may throw or give `null`;
 * - opening it again does not add a second listener (the package's would replay every event twice);
 * - messages go to the inspector's origin only, not to `*`, and only its handshake is heard.
 */
import type { StatelyInspectionEvent } from '@statelyai/inspect'

const STATELY_INSPECT_URL = 'https://stately.ai/inspect'
const CONNECTED = '@statelyai.connected'
const DISCONNECTED = '@statelyai.disconnected'
const WINDOW_NAME = 'xstateinspector'

/** `closed`: not opened yet; `blocked`: could not be opened; `waiting`: opened, no handshake (yet). */
export type StatelyStatus = 'closed' | 'blocked' | 'waiting' | 'connected'

/** What `createInspector` of @statelyai/inspect needs (the package does not export the type). */
export interface StatelyAdapter {
  start?: () => void
  stop?: () => void
  send: (event: StatelyInspectionEvent) => void
}

export interface PopupOptions {
  url?: string
  window?: Window
  /** The last events kept for a window that connects (or reconnects) later. */
  keep?: number
  /** Opens the window as the inspection starts (`npm run dev:inspect`), not only on `open()`. */
  openAtStart?: boolean
  onStatus?: (status: StatelyStatus) => void
}

export class PopupAdapter implements StatelyAdapter {
  status: StatelyStatus = 'closed'
  private target: Window | null = null
  private readonly kept: StatelyInspectionEvent[] = []
  private readonly url: string
  private readonly origin: string
  private readonly host: Window
  private listening = false

  constructor(private readonly options: PopupOptions = {}) {
    this.url = options.url ?? STATELY_INSPECT_URL
    this.origin = new URL(this.url).origin
    this.host = options.window ?? window
  }

  start(): void {
    if (!this.listening) {
      this.host.addEventListener('message', this.onMessage)
      this.listening = true
    }
    if (this.options.openAtStart) this.open()
  }

  /** Opens (or brings back) the inspector's window. */
  open(): void {
    try {
      this.target = this.host.open(this.url, WINDOW_NAME)
    } catch {
      this.target = null
    }
    this.setStatus(this.target ? 'waiting' : 'blocked')
  }

  stop(): void {
    this.post({ type: DISCONNECTED })
    this.host.removeEventListener('message', this.onMessage)
    this.listening = false
    this.setStatus('closed')
  }

  send(event: StatelyInspectionEvent): void {
    // Kept even once connected: a reloaded inspector window gets the recent history again.
    this.kept.push(event)
    if (this.kept.length > (this.options.keep ?? 200)) this.kept.shift()
    if (this.status === 'connected') this.post(event)
  }

  private readonly onMessage = (message: MessageEvent): void => {
    if (message.origin !== this.origin) return
    const data = message.data as { type?: unknown } | null
    if (data?.type !== CONNECTED) return
    if (message.source) this.target = message.source as Window
    this.setStatus('connected')
    this.kept.forEach((event) => this.post(event))
  }

  private post(message: unknown): void {
    try {
      this.target?.postMessage(message, this.origin)
    } catch {
      // A window closed meanwhile, or a message that cannot be cloned: the app goes on.
    }
  }

  private setStatus(status: StatelyStatus): void {
    if (status === this.status) return
    this.status = status
    this.options.onStatus?.(status)
  }
}

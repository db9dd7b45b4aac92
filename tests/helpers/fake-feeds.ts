/**
 * Local RSS/Atom feeds for tests (never the internet): a good RSS 2.0 feed with ETag/Last-Modified
 * (answers 304 to a matching conditional GET), an Atom feed sharing one article with it, a malformed
 * feed, a slow feed, a 500 feed and an oversized one. Tests change what the RSS feed serves through
 * `state` (in process) or `POST /feeds/_items` (from another process: the e2e runner), and make both
 * feeds fail with `POST /feeds/_fail`.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeFeedItem {
  title: string
  link: string
  summary: string
  /** RFC 822 / ISO date text; left out of the XML when missing. */
  date?: string
}

export interface FakeFeedState {
  rssItems: FakeFeedItem[]
  /** When set, the RSS feed answers this status instead of its XML (a feed that starts failing). */
  rssFailStatus: number | null
  /** The same for the Atom feed. */
  atomFailStatus: number | null
  /** How long /feeds/slow.xml waits before answering. */
  slowMs: number
  /** Bumped on every change; part of the RSS feed's ETag. */
  version: number
  /** Every request: path and the conditional headers it carried, and what was answered. */
  requests: { path: string; ifNoneMatch: string | null; ifModifiedSince: string | null; status: number }[]
}

export const SHARED_LINK = 'https://news.example.test/articles/shared-bridge-inspection'

export function defaultRssItems(): FakeFeedItem[] {
  return [
    {
      title: 'OSHA announces final rule on trench protection',
      link: 'https://news.example.test/articles/trench-rule?utm_source=rss',
      summary: '<p>The <b>new rule</b> takes effect next year &amp; applies to all excavations.</p>',
      date: 'Thu, 19 Nov 2026 14:00:00 GMT',
    },
    {
      title: 'Worker fatality prompts fall protection review',
      link: 'https://news.example.test/articles/fall-review',
      summary: 'Investigators are reviewing harness use after the incident.',
      date: 'Fri, 20 Nov 2026 09:30:00 GMT',
    },
    {
      title: 'Bridge inspection programme expands',
      link: SHARED_LINK,
      summary: 'More spans will be inspected this winter.',
      date: 'Wed, 18 Nov 2026 12:00:00 GMT',
    },
    {
      title: 'Safety stand-down week announced',
      link: 'https://news.example.test/articles/stand-down',
      summary: 'Employers are invited to take part.',
    },
  ]
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

export function rssXml(items: FakeFeedItem[]): string {
  const entries = items
    .map(
      (item) => `    <item>
      <title>${escapeXml(item.title)}</title>
      <link>${escapeXml(item.link)}</link>
      <guid>${escapeXml(item.link)}</guid>
      <description>${escapeXml(item.summary)}</description>${item.date ? `\n      <pubDate>${item.date}</pubDate>` : ''}
    </item>`,
    )
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0">
  <channel>
    <title>Fake Safety News</title>
    <link>https://news.example.test/</link>
    <description>Test feed</description>
${entries}
  </channel>
</rss>`
}

export function atomXml(): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Fake Department News</title>
  <id>urn:fake:department</id>
  <updated>2026-11-20T16:00:00Z</updated>
  <entry>
    <title>SCDOT opens new interchange on I-26</title>
    <link rel="alternate" href="https://dept.example.test/news/interchange-opens"/>
    <id>urn:fake:1</id>
    <updated>2026-11-20T16:00:00Z</updated>
    <summary type="html">&lt;p&gt;Traffic shifts to the new ramps this weekend.&lt;/p&gt;</summary>
  </entry>
  <entry>
    <title>Resurfacing schedule published</title>
    <link rel="alternate" href="/news/resurfacing"/>
    <id>urn:fake:2</id>
    <updated>2026-11-17T10:00:00Z</updated>
    <summary>District crews will resurface 40 miles of secondary roads.</summary>
  </entry>
  <entry>
    <title>Bridge inspection programme expands (department copy)</title>
    <link rel="alternate" href="${SHARED_LINK}"/>
    <id>urn:fake:3</id>
    <updated>2026-11-18T12:00:00Z</updated>
    <summary>The same article as in the RSS feed.</summary>
  </entry>
</feed>`
}

/** A feed cut off mid-tag: not XML the parser can read. */
const MALFORMED = '<?xml version="1.0"?><rss version="2.0"><channel><title>Broken</title><item><title>Cut off</title><link>https://news.example.test/cut</link></item'
const LAST_MODIFIED = 'Fri, 20 Nov 2026 12:00:00 GMT'

export function createFakeFeedState(): FakeFeedState {
  return { rssItems: defaultRssItems(), rssFailStatus: null, atomFailStatus: null, slowMs: 5_000, version: 1, requests: [] }
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > 64 * 1024) throw new Error('body too large')
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * Handles /feeds/* requests; returns false for any other path so a shared server can try its next
 * handler.
 */
export function createFeedHandler(state: FakeFeedState = createFakeFeedState()) {
  const handle = (req: http.IncomingMessage, res: http.ServerResponse): boolean => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (!url.pathname.startsWith('/feeds/')) return false
    const record = (status: number) =>
      state.requests.push({
        path: url.pathname,
        ifNoneMatch: (req.headers['if-none-match'] as string | undefined) ?? null,
        ifModifiedSince: (req.headers['if-modified-since'] as string | undefined) ?? null,
        status,
      })
    const send = (status: number, body: string, headers: Record<string, string> = {}) => {
      record(status)
      res.writeHead(status, { 'content-type': 'application/rss+xml; charset=utf-8', ...headers })
      res.end(body)
    }
    switch (url.pathname) {
      case '/feeds/rss.xml': {
        if (state.rssFailStatus) return send(state.rssFailStatus, 'feed unavailable', { 'content-type': 'text/plain' }), true
        const etag = `"rss-v${state.version}"`
        if (req.headers['if-none-match'] === etag) return send(304, ''), true
        send(200, rssXml(state.rssItems), { etag, 'last-modified': LAST_MODIFIED })
        return true
      }
      case '/feeds/atom.xml':
        if (state.atomFailStatus) return send(state.atomFailStatus, 'feed unavailable', { 'content-type': 'text/plain' }), true
        send(200, atomXml(), { 'content-type': 'application/atom+xml; charset=utf-8' })
        return true
      case '/feeds/malformed.xml':
        send(200, MALFORMED)
        return true
      case '/feeds/error.xml':
        send(500, 'internal error', { 'content-type': 'text/plain' })
        return true
      case '/feeds/slow.xml': {
        const timer = setTimeout(() => {
          if (!res.destroyed) send(200, rssXml([]))
        }, state.slowMs)
        res.on('close', () => clearTimeout(timer))
        return true
      }
      case '/feeds/huge.xml': {
        record(200)
        res.writeHead(200, { 'content-type': 'application/rss+xml' })
        const block = `<!-- ${'x'.repeat(64 * 1024)} -->\n`
        res.write('<?xml version="1.0"?><rss version="2.0"><channel><title>Huge</title>')
        for (let i = 0; i < 48; i++) res.write(block)
        res.end('</channel></rss>')
        return true
      }
      case '/feeds/_fail': {
        // { status: 503 } makes both feeds answer that status; { status: null } heals them (e2e runner).
        if (req.method !== 'POST') return send(405, ''), true
        readBody(req)
          .then((body) => {
            const { status } = JSON.parse(body) as { status: number | null }
            if (status !== null && !(Number.isInteger(status) && status >= 400 && status <= 599)) throw new Error('status is an HTTP error status or null')
            state.rssFailStatus = status
            state.atomFailStatus = status
            send(200, JSON.stringify({ ok: true }), { 'content-type': 'application/json' })
          })
          .catch((error: Error) => send(400, JSON.stringify({ message: error.message }), { 'content-type': 'application/json' }))
        return true
      }
      case '/feeds/_items': {
        if (req.method !== 'POST') return send(405, ''), true
        readBody(req)
          .then((body) => {
            const item = JSON.parse(body) as FakeFeedItem
            if (typeof item.title !== 'string' || typeof item.link !== 'string') throw new Error('title and link required')
            state.rssItems = [{ ...item, summary: item.summary ?? '' }, ...state.rssItems]
            state.version++
            send(201, JSON.stringify({ ok: true }), { 'content-type': 'application/json' })
          })
          .catch((error: Error) => send(400, JSON.stringify({ message: error.message }), { 'content-type': 'application/json' }))
        return true
      }
      default:
        send(404, 'no such feed', { 'content-type': 'text/plain' })
        return true
    }
  }
  return { handle, state }
}

/** The feed list (NEWS_FEEDS_JSON) for an app that reads the fake feeds at `base`. */
export function fakeFeedList(base: string, which: ('rss' | 'atom' | 'malformed' | 'slow' | 'error' | 'huge')[] = ['rss', 'atom']) {
  const definitions = {
    rss: { id: 'fake-rss', name: 'Fake Safety News', url: `${base}/feeds/rss.xml`, category: 'osha', source: 'Fake Safety News' },
    atom: { id: 'fake-atom', name: 'Fake Department News', url: `${base}/feeds/atom.xml`, category: 'construction', source: 'Fake Department' },
    malformed: { id: 'fake-malformed', name: 'Broken feed', url: `${base}/feeds/malformed.xml`, category: 'engineering', source: 'Broken' },
    slow: { id: 'fake-slow', name: 'Slow feed', url: `${base}/feeds/slow.xml`, category: 'engineering', source: 'Slow' },
    error: { id: 'fake-error', name: 'Failing feed', url: `${base}/feeds/error.xml`, category: 'engineering', source: 'Failing' },
    huge: { id: 'fake-huge', name: 'Huge feed', url: `${base}/feeds/huge.xml`, category: 'engineering', source: 'Huge' },
  } as const
  return which.map((key) => definitions[key])
}

/** A fake feed server of its own on 127.0.0.1 (integration tests). */
export async function startFakeFeedServer(): Promise<{ url: string; state: FakeFeedState; close(): Promise<void> }> {
  const { handle, state } = createFeedHandler()
  const server = http.createServer((req, res) => {
    if (!handle(req, res)) {
      res.writeHead(404)
      res.end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import https from 'node:https'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'

/**
 * A local push service speaking the Web Push protocol (RFC 8030 / 8291 / 8292) over HTTPS on
 * 127.0.0.1, with a self-signed certificate made for the test (its CA file is `caFile`). For each
 * message it checks the VAPID Authorization header (`vapid t=<JWT>, k=<public key>`: ES256 signature,
 * audience, expiry, subject), decrypts the aes128gcm body with the browser-side private key and auth
 * secret of the subscription it made, and records the payload. It answers 201, or a status queued
 * for an endpoint (`failNext`), or 404 for an endpoint it never issued or has forgotten.
 */
const require = createRequire(import.meta.url)
const ece = require('http_ece') as {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: crypto.ECDH; authSecret: Buffer }): Buffer
}

export interface BrowserSubscriptionJson {
  endpoint: string
  expirationTime: number | null
  keys: { p256dh: string; auth: string }
}

export interface ReceivedMessage {
  id: string
  /** The decrypted body as text (the app sends JSON). */
  text: string
  payload: Record<string, unknown>
  ttl: number
  urgency: string | null
  /** The `k=` VAPID public key the sender identified itself with. */
  vapidKey: string
  jwt: { aud: string; exp: number; sub: string }
}

export interface RejectedMessage {
  id: string
  status: number
  reason: string
}

export interface FakePushService {
  url: string
  /** `127.0.0.1:<port>`: what PUSH_ALLOWED_HOSTS must name for the app to reach this loopback service. */
  host: string
  /** PEM of the certificate the service presents (self-signed, so it is its own CA). */
  ca: string
  caFile: string
  agent: https.Agent
  messages: ReceivedMessage[]
  rejected: RejectedMessage[]
  /** A new browser subscription: a fresh P-256 key pair and auth secret, as a browser makes them. */
  subscribe(): BrowserSubscriptionJson
  /** The next message to this endpoint is answered with `status` (for example 410 Gone). */
  failNext(endpoint: string, status: number): void
  /** Forgets the endpoint: later messages get 404. */
  forget(endpoint: string): void
  messagesFor(endpoint: string): ReceivedMessage[]
  close(): Promise<void>
}

const b64url = (buffer: Buffer) => buffer.toString('base64url')

function makeCertificate(dir: string): { key: string; cert: string; certFile: string } {
  const keyFile = path.join(dir, 'key.pem')
  const certFile = path.join(dir, 'cert.pem')
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
    { stdio: 'ignore' },
  )
  return { key: fs.readFileSync(keyFile, 'utf8'), cert: fs.readFileSync(certFile, 'utf8'), certFile }
}

/** Public key from the 65-byte uncompressed P-256 point of a VAPID `k=`. */
function vapidPublicKey(k: string): crypto.KeyObject {
  const point = Buffer.from(k, 'base64url')
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point')
  return crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: 'jwk',
  })
}

/** Checks a VAPID header; returns the claims and key, or throws with the reason. */
export function verifyVapid(header: string | undefined, origin: string): { k: string; jwt: ReceivedMessage['jwt'] } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '')
  if (!match) throw new Error(`Authorization is not 'vapid t=..., k=...': ${header}`)
  const [, token, k] = match as unknown as [string, string, string]
  const [head, body, signature] = token.split('.')
  if (!head || !body || !signature) throw new Error('malformed JWT')
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string }
  if (header_.alg !== 'ES256') throw new Error(`JWT alg ${header_.alg}`)
  const ok = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: vapidPublicKey(k), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  if (!ok) throw new Error('JWT signature does not verify with k')
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as ReceivedMessage['jwt']
  if (claims.aud !== origin) throw new Error(`JWT aud ${claims.aud} is not ${origin}`)
  const now = Date.now() / 1000
  if (!(claims.exp > now) || claims.exp > now + 24 * 3600) throw new Error('JWT exp outside (now, now + 24h]')
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) throw new Error(`JWT sub ${claims.sub}`)
  return { k, jwt: claims }
}

export async function startFakePushService(): Promise<FakePushService> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-push-'))
  const { key, cert, certFile } = makeCertificate(dir)
  const browsers = new Map<string, { ecdh: crypto.ECDH; auth: Buffer }>()
  const queued = new Map<string, number[]>()
  const messages: ReceivedMessage[] = []
  const rejected: RejectedMessage[] = []

  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? ''
      const reject = (status: number, reason: string) => {
        rejected.push({ id, status, reason })
        res.writeHead(status, { 'content-type': 'text/plain' }).end(reason)
      }
      if (req.method !== 'POST') return reject(405, 'POST only')
      const browser = browsers.get(id)
      if (!browser) return reject(404, 'no such subscription')
      const status = queued.get(id)?.shift()
      if (status) return reject(status, `queued answer ${status}`)
      let vapid: ReturnType<typeof verifyVapid>
      try {
        vapid = verifyVapid(req.headers.authorization, `https://127.0.0.1:${port}`)
      } catch (error) {
        return reject(401, (error as Error).message)
      }
      if (req.headers['content-encoding'] !== 'aes128gcm') return reject(415, 'expected aes128gcm')
      const ttl = Number(req.headers.ttl)
      if (!Number.isInteger(ttl) || ttl < 0) return reject(400, 'missing TTL')
      let text: string
      try {
        text = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth }).toString('utf8')
      } catch (error) {
        return reject(400, `cannot decrypt: ${(error as Error).message}`)
      }
      let payload: Record<string, unknown> = {}
      try {
        payload = JSON.parse(text) as Record<string, unknown>
      } catch {
        payload = {}
      }
      messages.push({ id, text, payload, ttl, urgency: (req.headers.urgency as string | undefined) ?? null, vapidKey: vapid.k, jwt: vapid.jwt })
      res.writeHead(201, { location: `/messages/${messages.length}` }).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  const url = `https://127.0.0.1:${port}`
  const idOf = (endpoint: string) => endpoint.slice(endpoint.lastIndexOf('/') + 1)

  return {
    url,
    host: `127.0.0.1:${port}`,
    ca: cert,
    caFile: certFile,
    agent: new https.Agent({ ca: cert }),
    messages,
    rejected,
    subscribe() {
      const id = crypto.randomUUID()
      const ecdh = crypto.createECDH('prime256v1')
      ecdh.generateKeys()
      const auth = crypto.randomBytes(16)
      browsers.set(id, { ecdh, auth })
      return { endpoint: `${url}/push/${id}`, expirationTime: null, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } }
    },
    failNext(endpoint, status) {
      const id = idOf(endpoint)
      queued.set(id, [...(queued.get(id) ?? []), status])
    },
    forget(endpoint) {
      browsers.delete(idOf(endpoint))
    },
    messagesFor(endpoint) {
      return messages.filter((m) => m.id === idOf(endpoint))
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => {
          fs.rmSync(dir, { recursive: true, force: true })
          resolve()
        })
      }),
  }
}

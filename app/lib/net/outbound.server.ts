import dns from 'node:dns'
import net from 'node:net'
import { addressRange, canonicalAddress } from './address.server'

/**
 * The rule for connections the server opens to an address that a user or third-party content chose
 * (push endpoints, redirects of news feeds and of the weather services): only public unicast
 * addresses, checked on the address actually connected to. See docs/decisions/008.
 */

export class RefusedAddressError extends Error {
  readonly code = 'ERR_ADDRESS_NOT_PUBLIC'
  constructor(
    readonly host: string,
    readonly address: string,
    readonly range: string,
  ) {
    super(address === host ? `refused ${host}: a ${range} address` : `refused ${host}: it resolves to ${address}, a ${range} address`)
    this.name = 'RefusedAddressError'
  }
}

/** Every address a name resolves to (the resolver behind net's own lookup: /etc/hosts, then DNS). */
export type Resolve = (hostname: string, options?: { family?: number; hints?: number }) => Promise<dns.LookupAddress[]>

export const systemResolve: Resolve = (hostname, options = {}) =>
  dns.promises.lookup(hostname, { family: options.family ?? 0, hints: options.hints, all: true, verbatim: true })

function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
}

export function isIpLiteral(host: string): boolean {
  return net.isIP(unbracket(host)) !== 0
}

/** `host:port` in one form for comparisons: IP literals canonical (IPv6 in brackets), names lower case without a final dot. */
export function hostKey(host: string, port: number | string): string {
  const address = canonicalAddress(host)
  const name = address ? (address.includes(':') ? `[${address}]` : address) : unbracket(host).toLowerCase().replace(/\.$/, '')
  return `${name}:${Number(port)}`
}

/**
 * Operator-given exceptions to the rule, `host:port` exactly (`[::1]:8443` for IPv6), comma or space
 * separated. Entries that are not of that form are returned in `invalid` and not used.
 */
export function parseAllowedHosts(value: string | undefined): { hosts: ReadonlySet<string>; invalid: string[] } {
  const hosts = new Set<string>()
  const invalid: string[] = []
  for (const entry of (value ?? '').split(/[\s,]+/).filter(Boolean)) {
    const match = /^(\[[0-9a-fA-F:.]+\]|[^\s:/[\]@]+):(\d{1,5})$/.exec(entry)
    const port = Number(match?.[2])
    const host = match?.[1] ?? ''
    if (!match || port < 1 || port > 65535 || (host.startsWith('[') && !isIpLiteral(host))) invalid.push(entry)
    else hosts.add(hostKey(host, port))
  }
  return { hosts, invalid }
}

export type UrlRefusal = 'invalid-url' | 'protocol' | 'credentials' | 'address' | 'not-found' | 'dns-failure'

export type UrlCheck = { ok: true; url: URL; allowed: boolean } | { ok: false; refusal: UrlRefusal; detail: string }

export interface OutboundPolicy {
  /** URL schemes allowed, with the colon: `['https:']`. */
  protocols: readonly string[]
  /** `hostKey`s let through without the address rule (operator settings only). */
  allowedHosts?: ReadonlySet<string>
}

const DEFAULT_PORTS: Record<string, number> = { 'https:': 443, 'http:': 80 }

/**
 * What can be decided from the URL alone: it parses, its scheme is allowed, it carries no user name
 * or password, and a literal IP host is public. A host name passes here; `checkUrlResolved` and the
 * connection-time lookup (`guardedLookup`) judge what it resolves to.
 */
export function checkUrl(value: string | URL, policy: OutboundPolicy): UrlCheck {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return { ok: false, refusal: 'invalid-url', detail: 'not an absolute URL' }
  }
  if (!policy.protocols.includes(url.protocol)) return { ok: false, refusal: 'protocol', detail: `scheme ${url.protocol}` }
  if (url.username || url.password) return { ok: false, refusal: 'credentials', detail: 'user name or password in the URL' }
  const port = url.port || DEFAULT_PORTS[url.protocol] || 0
  if (policy.allowedHosts?.has(hostKey(url.hostname, port))) return { ok: true, url, allowed: true }
  if (isIpLiteral(url.hostname)) {
    const range = addressRange(url.hostname)
    if (range !== 'public') return { ok: false, refusal: 'address', detail: `${url.hostname} is a ${range} address` }
  }
  return { ok: true, url, allowed: false }
}

const NOT_FOUND_CODES = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'EAI_NODATA'])

export const RESOLVE_TIMEOUT_MS = 5_000

/** `checkUrl`, then every address a host name resolves to must be public (a resolver that takes over `timeoutMs` is a dns-failure). */
export async function checkUrlResolved(
  value: string | URL,
  policy: OutboundPolicy,
  resolve: Resolve = systemResolve,
  timeoutMs = RESOLVE_TIMEOUT_MS,
): Promise<UrlCheck> {
  const checked = checkUrl(value, policy)
  if (!checked.ok || checked.allowed || isIpLiteral(checked.url.hostname)) return checked
  let addresses: dns.LookupAddress[]
  let timer: NodeJS.Timeout | undefined
  try {
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error('no answer in time'), { code: 'ETIMEOUT' })), timeoutMs)
    })
    addresses = await Promise.race([resolve(checked.url.hostname), late])
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? ''
    return NOT_FOUND_CODES.has(code)
      ? { ok: false, refusal: 'not-found', detail: `${checked.url.hostname} not found` }
      : { ok: false, refusal: 'dns-failure', detail: `${checked.url.hostname}: ${code || (error as Error).message}` }
  } finally {
    clearTimeout(timer)
  }
  if (addresses.length === 0) return { ok: false, refusal: 'not-found', detail: `${checked.url.hostname} has no address` }
  for (const { address } of addresses) {
    const range = addressRange(address)
    if (range !== 'public') return { ok: false, refusal: 'address', detail: `${checked.url.hostname} resolves to ${address}, a ${range} address` }
  }
  return checked
}

/**
 * A `lookup` for net/tls connection options that resolves as usual and fails the connection unless
 * every answer is public: the address checked is the address connected to, so a name that resolved
 * to a public address when it was checked and to 127.0.0.1 now (DNS rebinding) is still refused.
 * (net does not call `lookup` for an IP literal: callers check literals themselves.)
 */
export function guardedLookup(resolve: Resolve = systemResolve): net.LookupFunction {
  return (hostname, options, callback) => {
    const family = typeof options.family === 'number' ? options.family : options.family === 'IPv6' ? 6 : options.family === 'IPv4' ? 4 : 0
    resolve(hostname, { family, hints: options.hints }).then(
      (addresses) => {
        if (addresses.length === 0) {
          const error: NodeJS.ErrnoException = new Error(`${hostname} has no address`)
          error.code = 'ENOTFOUND'
          return callback(error, '', 0)
        }
        for (const { address } of addresses) {
          const range = addressRange(address)
          if (range !== 'public') return callback(new RefusedAddressError(hostname, address, range), '', 0)
        }
        if (options.all) callback(null, addresses)
        else callback(null, addresses[0]!.address, addresses[0]!.family)
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    )
  }
}

/** The refusal for connecting to `host` (an IP literal that is not public), or undefined. */
export function literalRefusal(host: string): RefusedAddressError | undefined {
  if (!isIpLiteral(host)) return undefined
  const range = addressRange(host)
  return range === 'public' ? undefined : new RefusedAddressError(unbracket(host), unbracket(host), range)
}

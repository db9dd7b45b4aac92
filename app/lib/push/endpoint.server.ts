import fs from 'node:fs'
import type https from 'node:https'
import tls from 'node:tls'
import { config } from '../config.server'
import { GuardedHttpsAgent } from '../net/guarded-agent.server'
import { checkUrl, checkUrlResolved, parseAllowedHosts, systemResolve, type Resolve } from '../net/outbound.server'
import { logger } from '../logger.server'

/**
 * Push endpoints come from members, so the server only ever connects to public https addresses of
 * push services (docs/decisions/008): checked when a browser subscribes (with DNS) and again on every
 * connection (GuardedHttpsAgent), so a stored endpoint whose name later resolves inside is not reached.
 * PUSH_ALLOWED_HOSTS (operator setting, exact host:port) lets a local push service through: tests.
 */

export const ENDPOINT_NOT_HTTPS = 'The endpoint must be an https URL.'
export const ENDPOINT_NOT_PUBLIC = 'The endpoint must be the public https address of a push service.'
export const ENDPOINT_NOT_FOUND = "The endpoint's host name could not be found."
export const ENDPOINT_CHECK_UNAVAILABLE = "The endpoint's address could not be checked right now. Please try again later."

const PUSH_PROTOCOLS = ['https:'] as const

let allowedCache: { value: string | undefined; hosts: ReadonlySet<string> } | undefined

/** PUSH_ALLOWED_HOSTS as `hostKey`s (read again when the variable changes; bad entries logged and ignored). */
export function pushAllowedHosts(): ReadonlySet<string> {
  const value = config().PUSH_ALLOWED_HOSTS
  if (allowedCache && allowedCache.value === value) return allowedCache.hosts
  const { hosts, invalid } = parseAllowedHosts(value)
  if (invalid.length) logger.warn({ invalid }, 'PUSH_ALLOWED_HOSTS entries ignored: each must be host:port')
  allowedCache = { value, hosts }
  return hosts
}

export interface EndpointProblem {
  status: 400 | 503
  message: string
}

/** Whether a browser's endpoint may be stored: public https (every address its name resolves to), or an allowed host. */
export async function checkSubscriptionEndpoint(
  endpoint: string,
  options: { allowedHosts?: ReadonlySet<string>; resolve?: Resolve } = {},
): Promise<EndpointProblem | null> {
  const checked = await checkUrlResolved(endpoint, { protocols: PUSH_PROTOCOLS, allowedHosts: options.allowedHosts ?? pushAllowedHosts() }, options.resolve ?? systemResolve)
  if (checked.ok) return null
  switch (checked.refusal) {
    case 'invalid-url':
    case 'protocol':
      return { status: 400, message: ENDPOINT_NOT_HTTPS }
    case 'not-found':
      return { status: 400, message: ENDPOINT_NOT_FOUND }
    case 'dns-failure':
      return { status: 503, message: ENDPOINT_CHECK_UNAVAILABLE }
    default:
      return { status: 400, message: ENDPOINT_NOT_PUBLIC }
  }
}

/**
 * Why a stored endpoint must not be contacted, from its URL alone (not https, credentials, a
 * non-public IP literal), or null. Names are judged when connecting.
 */
export function storedEndpointRefusal(endpoint: string, allowedHosts: ReadonlySet<string>): string | null {
  const checked = checkUrl(endpoint, { protocols: PUSH_PROTOCOLS, allowedHosts })
  return checked.ok ? null : checked.detail
}

/** Connection settings for push services (tests pass their own; the server uses `pushConnectionFromEnv`). */
export interface PushConnection {
  /** A CA certificate (PEM) trusted besides the usual roots. */
  ca?: string
  allowedHosts?: ReadonlySet<string>
}

let envConnection: { key: string; connection: PushConnection } | undefined

/** PUSH_CA_FILE (read once per value) and PUSH_ALLOWED_HOSTS. */
export function pushConnectionFromEnv(): PushConnection {
  const { PUSH_CA_FILE: file, PUSH_ALLOWED_HOSTS: hosts } = config()
  const key = JSON.stringify([file ?? null, hosts ?? null])
  if (envConnection?.key !== key) {
    envConnection = { key, connection: { ca: file ? fs.readFileSync(file, 'utf8') : undefined, allowedHosts: pushAllowedHosts() } }
  }
  return envConnection.connection
}

const agents = new Map<string, https.Agent>()

/** One keep-alive GuardedHttpsAgent per connection setting. */
export function pushAgent(connection: PushConnection = pushConnectionFromEnv()): https.Agent {
  const hosts = [...(connection.allowedHosts ?? [])].sort()
  const key = JSON.stringify([connection.ca ?? null, hosts])
  let agent = agents.get(key)
  if (!agent) {
    agent = new GuardedHttpsAgent({
      keepAlive: true,
      allowedHosts: new Set(hosts),
      // `ca` replaces Node's roots: keep them, so real push services still verify.
      ...(connection.ca ? { ca: [...tls.rootCertificates, connection.ca] } : {}),
    })
    agents.set(key, agent)
  }
  return agent
}

import https from 'node:https'
import type { Duplex } from 'node:stream'
import { guardedLookup, hostKey, literalRefusal, systemResolve, type Resolve } from './outbound.server'

export interface GuardedAgentOptions extends https.AgentOptions {
  /** `hostKey`s connected to without the address rule (from an operator setting, never from a user). */
  allowedHosts?: ReadonlySet<string>
  resolve?: Resolve
}

/**
 * An https.Agent that opens connections only to public addresses: an IP literal host is judged before
 * connecting, a host name through a lookup that refuses non-public answers. Every request made with
 * it (web-push's included) goes through `createConnection`, whatever parser turned its URL into a host.
 */
export class GuardedHttpsAgent extends https.Agent {
  private readonly allowedHosts: ReadonlySet<string>
  private readonly lookup: ReturnType<typeof guardedLookup>

  constructor({ allowedHosts, resolve, ...options }: GuardedAgentOptions = {}) {
    super(options)
    this.allowedHosts = allowedHosts ?? new Set()
    this.lookup = guardedLookup(resolve ?? systemResolve)
  }

  override createConnection(options: https.RequestOptions, callback?: (err: Error | null, stream: Duplex) => void): Duplex | null | undefined {
    const host = options.host ?? options.hostname ?? 'localhost'
    const port = options.port ?? options.defaultPort ?? 443
    if (this.allowedHosts.has(hostKey(host, port))) return super.createConnection(options, callback)
    const refused = literalRefusal(host)
    if (refused) {
      // The agent hands this error to the request, which emits it: nothing is connected.
      process.nextTick(() => callback?.(refused, undefined as unknown as Duplex))
      return undefined
    }
    return super.createConnection({ ...options, lookup: this.lookup }, callback)
  }
}

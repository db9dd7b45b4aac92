import '@remix-run/node'

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** Per-response nonce for the Content-Security-Policy, made by server.mjs. */
    cspNonce?: string
    /** The client's address (behind a proxy only with TRUST_PROXY=1), for rate limits. */
    clientIp?: string
    /**
     * A Remix single-fetch data request (the path ends in `.data`): Remix reads what a loader returns and
     * encodes it again, so a loader must not answer it with bytes it compressed itself.
     */
    dataRequest?: boolean
  }
}

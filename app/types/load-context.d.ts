import '@remix-run/node'

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** Per-response nonce for the Content-Security-Policy, made by server.mjs. */
    cspNonce?: string
  }
}

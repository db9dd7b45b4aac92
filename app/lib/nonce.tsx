import { createContext, useContext } from 'react'

/** The per-response CSP nonce, set by entry.server and read by the root for its few inline scripts. */
export const NonceContext = createContext<string>('')
export const NonceProvider = NonceContext.Provider
export function useNonce(): string {
  return useContext(NonceContext)
}

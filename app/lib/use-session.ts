import { useRouteLoaderData } from '@remix-run/react'
import type { SessionStatus } from './auth/users.server'

const SIGNED_OUT: SessionStatus = { user: null, searchCount: 0, canSearch: false, isGuest: false }

/** The session status the root loader read for this request (signed out when it could not). */
export function useSessionStatus(): SessionStatus {
  const data = useRouteLoaderData<{ session?: SessionStatus }>('root')
  return data?.session ?? SIGNED_OUT
}

import { beforeEach, describe, expect, it, vi } from 'vitest'
import { inRequestScope } from '../request-scope.server'

// The session store is the database's; here a stand-in that counts look-ups and sign-outs.
const store = vi.hoisted(() => ({ lookups: 0, signedIn: true }))
vi.mock('@db/client', () => ({ getDatabase: async () => ({ db: {} }) }))
vi.mock('./session.server', () => ({
  getSessionUser: async () => {
    store.lookups++
    return store.signedIn ? { id: 'user-1', email: 'ada@example.com' } : null
  },
  destroySession: async () => {
    store.signedIn = false
    return 'sid=; Max-Age=0'
  },
  createSession: async () => 'sid=x',
}))
const { currentUser, signOut } = await import('./auth.server')

const request = (method = 'GET') => new Request('http://localhost/', { method, headers: { cookie: 'sid=token' } })

describe('currentUser', () => {
  beforeEach(() => {
    store.lookups = 0
    store.signedIn = true
  })

  it("looks the session up once for all of a GET request's loaders", async () => {
    const users = await inRequestScope(() => Promise.all([currentUser(request()), currentUser(request()), currentUser(request())]))
    expect(users.map((user) => user?.id)).toEqual(['user-1', 'user-1', 'user-1'])
    expect(store.lookups).toBe(1)
  })

  it('looks it up again in the next request, which sees a sign-out made in between', async () => {
    expect(await inRequestScope(() => currentUser(request()))).not.toBeNull()
    store.signedIn = false // signed out by another request, or another server process
    expect(await inRequestScope(() => currentUser(request()))).toBeNull()
    expect(store.lookups).toBe(2)
  })

  it('does not share a look-up in a request that may change the user (POST), nor after a sign-out in the same request', async () => {
    await inRequestScope(() => Promise.all([currentUser(request('POST')), currentUser(request('POST'))]))
    expect(store.lookups).toBe(2)
    const after = await inRequestScope(async () => {
      await currentUser(request())
      await signOut(request())
      return currentUser(request())
    })
    expect(after).toBeNull()
  })

  it('looks up every time outside a request scope (scripts, tests)', async () => {
    await Promise.all([currentUser(request()), currentUser(request())])
    expect(store.lookups).toBe(2)
  })
})

/**
 * The patch on @remix-run/router (patches/, applied by `npm install`'s postinstall: docs/decisions/018):
 * route matching works out a routes array's ranked branches once and compiles each path once. Matches
 * must be those of the unpatched router; and the cache must really be in place (a routes array matched
 * once keeps its branches), else every page pays for flattening the whole route table again.
 */
import { matchRoutes, type AgnosticRouteObject } from '@remix-run/router'
import { describe, expect, it } from 'vitest'

const table = () => [
  {
    id: 'root',
    path: '/',
    children: [
      { id: 'home', index: true },
      { id: 'documents', path: 'documents' },
      { id: 'history', path: 'history' },
      { id: 'history-entry', path: 'history/:id' },
      { id: 'pdf', path: 'ar-inspection/submissions/:id/pdf' },
      { id: 'optional', path: 'news/:topic?' },
      { id: 'splat', path: '*' },
    ],
  },
]

const ids = (routes: AgnosticRouteObject[], path: string) => matchRoutes(routes, path)?.map((m) => [m.route.id, m.params])

describe('route matching with the patched router', () => {
  it('matches as the router always did, repeatedly and case-insensitively', () => {
    const routes = table()
    for (let round = 0; round < 3; round++) {
      expect(ids(routes, '/')).toEqual([['root', {}], ['home', {}]])
      expect(ids(routes, '/documents')).toEqual([['root', {}], ['documents', {}]])
      expect(ids(routes, '/Documents/')).toEqual([['root', {}], ['documents', {}]])
      expect(ids(routes, '/history/abc-1')?.at(-1)).toEqual(['history-entry', { id: 'abc-1' }])
      expect(ids(routes, '/ar-inspection/submissions/7/pdf')?.at(-1)).toEqual(['pdf', { id: '7' }])
      expect(ids(routes, '/news')?.at(-1)).toEqual(['optional', {}])
      expect(ids(routes, '/news/osha')?.at(-1)).toEqual(['optional', { topic: 'osha' }])
      expect(ids(routes, '/no/such/page')?.at(-1)).toEqual(['splat', { '*': 'no/such/page' }])
    }
    // Another table (the dev server's rebuilt routes) is worked out afresh.
    const other: AgnosticRouteObject[] = [{ id: 'only', path: '/only' }]
    expect(ids(other, '/only')).toEqual([['only', {}]])
    expect(matchRoutes(other, '/documents')).toBeNull()
  })

  it('keeps the branches of a routes array it has matched (the patch is applied)', () => {
    const routes = table()
    expect(ids(routes, '/documents')?.at(-1)).toEqual(['documents', {}])
    // Renaming a route in place is invisible to a table already ranked: the unpatched router re-ranked
    // the table on every call and would now miss '/documents'.
    routes[0]!.children[1]!.path = 'renamed'
    expect(ids(routes, '/documents')?.at(-1)).toEqual(['documents', {}])
  })
})

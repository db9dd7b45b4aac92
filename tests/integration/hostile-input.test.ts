/**
 * Hostile input never becomes a 500. Every route the app declares (discovered from app/routes, so a new
 * route is covered without editing this file) is called with every method it answers, as an admin
 * member, with: NUL characters and lone UTF-16 surrogates in each field and query parameter, 1 MB
 * strings, wrong JSON types, huge numbers, malformed JSON, urlencoded and multipart bodies, and hostile
 * path parameters. Any 5xx, or a stack trace or a server path in a body, fails the test. On PGlite and
 * PostgreSQL.
 */
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeGeo, type FakeGeoServer } from '../helpers/fake-geo'
import { discoverRoutes, type RouteInfo } from '../helpers/route-map'
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from './databases'
import { ROOT, cookieOf, jsonHeaders, startServer, type RunningServer } from './server'

const ADMIN_EMAIL = 'fuzz-admin@example.test'
const UNLIMITED = '1000000'
const MAX_FIELDS = 24

/** Routes that end or replace the session: called last, so the rest run signed in. */
const SESSION_ROUTES = /^\/(auth|logout|api\/auth\/)/

// Strings that must never reach the database as they are.
const NUL = 'A\u0000B'
// A lone surrogate can only travel as a JSON escape (UTF-8 cannot encode it).
const LONE_SURROGATE_JSON = '"asphalt \\ud800 density"'
const HUGE_STRING = 'x'.repeat(1024 * 1024)
// Raw JSON texts (a JS number cannot hold 9223372036854775808 exactly; the server must still cope).
const WRONG_TYPES = ['1e308', '9223372036854775808', '{}', '["a",{"b":null}]']
const NUMBERS_AS_TEXT = ['1e20', '9223372036854775808', '1e308', '-1', '0', 'NaN', '1.5', '0x10', '']
const PATH_VALUES = ['%00', 'A%00B', '%ED%A0%80', '%C0%AF', '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(5000), '1e20', '%25', randomUUID()]
const MALFORMED_BODIES: { type: string; body: string }[] = [
  { type: 'application/json', body: '{' },
  { type: 'application/json', body: '{"query":"a\\u0000b"' },
  { type: 'application/json', body: '\u0000' },
  { type: 'application/json', body: '[1,2' },
  { type: 'application/json', body: '"just a string"' },
  { type: 'application/x-www-form-urlencoded', body: 'a=%ZZ&b=%00&%00=1&query=%ED%A0%80' },
  { type: 'multipart/form-data; boundary=xyz', body: '--xyz\r\nContent-Disposition: form-data; name="query"\r\n\r\nA\u0000B\r\n--xy' },
  { type: 'multipart/form-data', body: 'no boundary at all' },
  { type: 'multipart/form-data; boundary=', body: '--\r\n\r\n--' },
  { type: 'text/plain', body: 'query=asphalt' },
  { type: 'application/octet-stream', body: '\u0000\u0001\u0002' },
]

/** A plausible value per field name, so one hostile field at a time reaches past the others' checks. */
let unique = 0
function plausible(name: string): string {
  const key = name.toLowerCase()
  if (key === 'email') return `fuzz-${process.pid}-${++unique}@example.test`
  if (key.includes('password')) return 'field-pass-1'
  if (key.endsWith('name')) return 'Pat'
  if (key.includes('query') || key === 'q') return 'asphalt core density'
  if (key === 'topic' || key === 'category') return 'asphalt'
  if (key === 'formid') return '400.04'
  if (key === 'inputmethod') return 'manual'
  if (key === 'kind') return 'document'
  if (key === 'url' || key === 'redirectto') return '/documents'
  if (key === 'endpoint') return 'https://push.example.test/fuzz'
  if (key === 'lat') return '34.0'
  if (key === 'lon') return '-81.0'
  if (key === 'theme') return 'dark'
  if (key.startsWith('acknowledge') || key.startsWith('newsemail')) return 'true'
  if (key === 'id' || key === 'refid') return randomUUID()
  if (key.startsWith('field.')) return '23+50'
  return 'x'
}

/** Form template fields (`field.<id>`) are named at run time, from corpus/forms. */
function formFieldNames(): string[] {
  const forms = JSON.parse(fs.readFileSync(path.join(ROOT, 'corpus', 'forms', 'inspection-forms.json'), 'utf8')) as {
    forms: { id: string; fields: { id: string }[] }[]
  }
  return (forms.forms[0]?.fields ?? []).map((field) => `field.${field.id}`)
}

interface Probe {
  method: string
  url: string
  headers?: Record<string, string>
  body?: string | FormData
  what: string
}

function concrete(route: RouteInfo, value: string): string {
  return route.pattern.replace(/:[\w]+/g, value).replace('*', `deep/${value}`)
}

function probesFor(route: RouteInfo, origin: string, cookie: string): Probe[] {
  const probes: Probe[] = []
  const base = { Origin: origin, cookie, Accept: 'application/json' }
  const basePath = concrete(route, randomUUID())
  const actionPath = route.index ? `${basePath}?index` : basePath
  const dataPath = (p: string) => (p === '/' ? '/_root.data' : `${p}.data`)
  // Names nearest the route first; the per-field sweep takes the first MAX_FIELDS (all of them get the
  // every-field-at-once probes).
  const fields = [...route.fieldNames, ...(route.fieldNames.includes('formId') ? formFieldNames() : [])]
  const swept = fields.slice(0, MAX_FIELDS)

  if (route.hasLoader || !route.hasAction) {
    // Path parameters, also through single fetch's data endpoint.
    const pathValues = route.pattern.includes(':') || route.pattern.includes('*') ? PATH_VALUES : ['']
    for (const value of pathValues) {
      const p = value ? concrete(route, value) : basePath
      probes.push({ method: 'GET', url: p, headers: base, what: `path ${value.slice(0, 20)}` })
      probes.push({ method: 'GET', url: dataPath(p), headers: base, what: `path ${value.slice(0, 20)} .data` })
    }
    // Every query name the route reads, one at a time, with hostile text and numbers.
    for (const name of route.queryNames) {
      for (const value of ['A%00B', '%ED%A0%80', encodeURIComponent(HUGE_STRING.slice(0, 20_000)), ...NUMBERS_AS_TEXT.map(encodeURIComponent)]) {
        const query = `?${encodeURIComponent(name)}=${value}`
        probes.push({ method: 'GET', url: `${basePath}${query}`, headers: base, what: `query ${name}=${value.slice(0, 20)}` })
        if (value.includes('%')) probes.push({ method: 'GET', url: `${dataPath(basePath)}${query}`, headers: base, what: `query .data ${name}=${value.slice(0, 20)}` })
      }
    }
    probes.push({ method: 'GET', url: `${basePath}?${'%00'.repeat(10)}=${'%FF'.repeat(10)}`, headers: base, what: 'query names' })
  }

  if (route.hasAction) {
    const json = (body: string, what: string, method = 'POST'): Probe => ({
      method,
      url: actionPath,
      headers: { ...base, 'Content-Type': 'application/json' },
      body,
      what,
    })
    for (const { type, body } of MALFORMED_BODIES) {
      probes.push({ method: 'POST', url: actionPath, headers: { ...base, 'Content-Type': type }, body, what: `malformed ${type}` })
    }
    // Other methods reach the same action.
    for (const method of ['PUT', 'PATCH', 'DELETE']) probes.push(json(JSON.stringify({ endpoint: NUL, id: NUL }), `${method} NUL`, method))
    probes.push(json(JSON.stringify({ query: HUGE_STRING }), '1 MB JSON'))
    // Each intent the route knows, and none (its default path).
    for (const intent of [undefined, ...route.intents]) {
      const valid = (): Record<string, string> => {
        const values = Object.fromEntries(fields.map((f) => [f, plausible(f)]))
        if (intent) values.intent = values.action = intent
        return values
      }
      // One hostile field at a time, the others plausible: NUL and a lone surrogate in JSON, NUL in a form.
      for (const field of swept) {
        for (const raw of [JSON.stringify(NUL), LONE_SURROGATE_JSON]) {
          const others = JSON.stringify(valid()).slice(1, -1)
          probes.push(json(`{${others}${others ? ',' : ''}${JSON.stringify(field)}:${raw}}`, `json ${field}=${raw.slice(0, 12)} ${intent ?? ''}`))
        }
        const form = new URLSearchParams({ ...valid(), [field]: NUL })
        probes.push({ method: 'POST', url: actionPath, headers: { ...base, 'Content-Type': 'application/x-www-form-urlencoded' }, body: form.toString(), what: `form ${field} ${intent ?? ''}` })
      }
      // Wrong types and huge numbers in every field at once; NUL in every multipart field; long text.
      for (const raw of WRONG_TYPES) probes.push(json(`{${fields.map((f) => `${JSON.stringify(f)}:${raw}`).join(',')}}`, `json all=${raw} ${intent ?? ''}`))
      const multipart = new FormData()
      for (const [k, v] of Object.entries({ ...valid(), ...Object.fromEntries(fields.map((f) => [f, NUL])) })) multipart.set(k, v)
      probes.push({ method: 'POST', url: actionPath, headers: base, body: multipart, what: `multipart NUL ${intent ?? ''}` })
      const long = new URLSearchParams({ ...valid(), ...Object.fromEntries(fields.map((f) => [f, HUGE_STRING.slice(0, 100_000)])) })
      probes.push({ method: 'POST', url: actionPath, headers: { ...base, 'Content-Type': 'application/x-www-form-urlencoded' }, body: long.toString(), what: `form long ${intent ?? ''}` })
    }
  }
  return probes
}

const STACK_OR_PATH = [/\n\s+at [^\n]+:\d+:\d+/, /node_modules/, /file:\/\//, /\/build\/server\//]

interface Finding {
  route: string
  method: string
  url: string
  what: string
  status: number
  body: string
}

async function runProbes(probes: Probe[], concurrency: number): Promise<{ count: number; findings: Finding[] }> {
  const findings: Finding[] = []
  let next = 0
  async function worker() {
    while (next < probes.length) {
      const probe = probes[next++]!
      let status = 0
      let text = ''
      try {
        const response = await fetch(probe.url, { method: probe.method, headers: probe.headers, body: probe.body, redirect: 'manual' })
        status = response.status
        text = await response.text()
      } catch (error) {
        const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause
        text = `request failed: ${(error as Error).message} (${cause?.code ?? cause?.message ?? 'no cause'})`
      }
      const leaked = STACK_OR_PATH.some((pattern) => pattern.test(text)) || text.includes(ROOT)
      if (status === 0 || status >= 500 || leaked) {
        findings.push({ route: '', method: probe.method, url: probe.url.slice(0, 200), what: probe.what, status, body: text.slice(0, 300) })
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return { count: probes.length, findings }
}

describe.each(DATABASE_KINDS)('hostile input on %s', (kind) => {
  let database: TestDatabase
  let geo: FakeGeoServer
  let server: RunningServer
  let cookie = ''

  beforeAll(async () => {
    database = await createTestDatabase(kind, { corpus: true })
    geo = await startFakeGeo()
    const limits = Object.fromEntries(
      ['SIGNIN_PER_IP', 'SIGNIN_PER_ACCOUNT', 'SIGNUP_PER_IP', 'GUEST_PER_IP', 'NEWS_REFRESH_PER_IP', 'TRENDS_PER_IP', 'PUSH_TEST', 'WEATHER_PLACES', 'WEATHER_FORECAST'].map(
        (name) => [`RATE_LIMIT_${name}`, UNLIMITED],
      ),
    )
    server = await startServer({ ...database.env, ...limits, ADMIN_EMAILS: ADMIN_EMAIL, GEOCODER_URL: geo.url, WEATHER_URL: geo.url, LOG_LEVEL: 'info' })
    const response = await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: jsonHeaders(server),
      body: JSON.stringify({ firstName: 'Fuzz', lastName: 'Admin', email: ADMIN_EMAIL, password: 'field-pass-1' }),
    })
    expect(response.status).toBe(200)
    cookie = cookieOf(response)
  })
  afterAll(async () => {
    await server?.stop()
    await geo?.close()
    await database?.cleanup()
  })

  it('answers every route, method and hostile value without a 5xx or a leaked stack trace', { timeout: 900_000 }, async () => {
    const started = performance.now()
    const routes = discoverRoutes(ROOT)
    expect(routes.length).toBeGreaterThan(40)
    const first = routes.filter((route) => !SESSION_ROUTES.test(route.pattern))
    const last = routes.filter((route) => SESSION_ROUTES.test(route.pattern))
    const absolute = (probes: Probe[]) => probes.map((p) => ({ ...p, url: `${server.url}${p.url}` }))
    const a = await runProbes(absolute(first.flatMap((route) => probesFor(route, server.url, cookie))), 6)
    // The session routes run last: signing in, out or up may end the session the others use.
    const b = await runProbes(absolute(last.flatMap((route) => probesFor(route, server.url, cookie))), 6)
    const findings = [...a.findings, ...b.findings]
    console.log(`elapsed ${Math.round(performance.now() - started)} ms`)
    console.log(`hostile input on ${kind}: ${a.count + b.count} requests over ${routes.length} routes, ${findings.length} failures`)
    expect(findings, JSON.stringify(findings.slice(0, 40), null, 1)).toEqual([])
    // The server is still healthy afterwards.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  })

  it('logs requests without tokens in the query, cookies, authorization or passwords', async () => {
    const password = `pw-${randomUUID()}`
    const email = `log-${randomUUID()}@example.test`
    const signup = await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: jsonHeaders(server),
      body: JSON.stringify({ firstName: 'Log', lastName: 'Test', email, password }),
    })
    expect(signup.status).toBe(200)
    const session = cookieOf(signup)
    const token = `tok-${randomUUID()}`
    await fetch(`${server.url}/history?token=${token}&page=1`, { headers: { cookie: session, authorization: `Bearer ${token}` } })
    await fetch(`${server.url}/api/auth/signin`, { method: 'POST', headers: jsonHeaders(server), body: JSON.stringify({ email, password: `${password}-wrong` }) })
    const nul = await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: jsonHeaders(server),
      body: JSON.stringify({ firstName: 'A\u0000B', lastName: 'C', email: `x-${email}`, password }),
    })
    expect(nul.status).toBe(400)
    await new Promise((resolve) => setTimeout(resolve, 200))
    const out = server.output()
    expect(out).toContain('/history?token=[redacted]&page=1')
    // Nor any password or hash the hostile requests above sent or made.
    for (const secret of [token, password, session.split('=')[1]!, 'scrypt$', 'field-pass-1']) expect(out, secret).not.toContain(secret)
  })
})

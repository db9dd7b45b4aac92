import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetConfig } from '../../config/settings.mjs'
import { closeDatabase, getDatabase, type Database } from '../../db/client'
import { users } from '../../db/schema'
import { createSession } from '../../app/lib/auth/session.server'
import { SIGN_IN_TO_SAVE_MESSAGE, handleSubmitAction } from '../../app/lib/forms/submit-action.server'
import { UNKNOWN_FORM_MESSAGE, deleteSubmission, getSubmission, listSubmissions, saveSubmission } from '../../app/lib/forms/submissions.server'
import { toastSessionStorage } from '../../app/lib/toast.server'
import * as listRoute from '../../app/routes/ar-inspection.submissions'
import * as viewRoute from '../../app/routes/ar-inspection.submissions_.$id'
import * as pdfRoute from '../../app/routes/ar-inspection.submissions_.$id_.pdf'
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from './databases'
import { cookieOf, ROOT, startServer, type RunningServer } from './server'

/**
 * Saved inspection forms (issue 6): the store on every database, the submit action, the list, view and
 * PDF routes as functions, then the same over HTTP on the built server (BUILD_DIR).
 */
process.env.APP_ROOT = ROOT
const ORIGIN = 'http://localhost'

const ASPHALT = {
  date: '2026-11-21',
  projectNumber: 'P-0427',
  contractor: 'Palmetto Paving',
  location: 'STA 12+50 to STA 18+00',
  mixType: 'SP 12.5 Type B',
  tonnage: '420',
  matTemperature: '290',
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { PDFParse } = await import('pdf-parse')
  const parser = new PDFParse({ data: bytes.slice() })
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ')
  } finally {
    await parser.destroy()
  }
}

function submitRequest(fields: Record<string, string>, cookie: string | null, origin = ORIGIN): Request {
  const headers = new Headers({ origin })
  if (cookie) headers.set('cookie', cookie)
  return new Request(`${ORIGIN}/ar-inspection`, { method: 'POST', body: new URLSearchParams(fields), headers })
}

const asFields = (data: Record<string, string>) => Object.fromEntries(Object.entries(data).map(([k, v]) => [`field.${k}`, v]))

async function thrown(work: Promise<unknown>): Promise<Response> {
  try {
    await work
  } catch (error) {
    if (error instanceof Response) return error
    throw error
  }
  throw new Error('expected a thrown Response')
}

describe.each(DATABASE_KINDS)('form submissions store and routes on %s', (kind) => {
  let database: TestDatabase
  let db: Database
  const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL }
  const pat = randomUUID()
  const sam = randomUUID()
  const cookies: Record<string, string> = {}

  beforeAll(async () => {
    database = await createTestDatabase(kind, { migrated: true })
    process.env.DATA_DIR = database.env.DATA_DIR ?? ''
    process.env.DATABASE_URL = database.env.DATABASE_URL ?? ''
    resetConfig()
    db = (await getDatabase()).db
    await db.insert(users).values([
      { id: pat, email: `pat-${kind}@example.test`, firstName: 'Pat', lastName: 'Field' },
      { id: sam, email: `sam-${kind}@example.test`, firstName: 'Sam', lastName: 'Site' },
    ])
    for (const [name, id] of Object.entries({ pat, sam })) {
      cookies[name] = (await createSession(db, id, new Request(ORIGIN))).split(';')[0]!
    }
  })
  afterAll(async () => {
    await closeDatabase()
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key]
      else process.env[key] = value
    }
    resetConfig()
    await database?.cleanup()
  })

  it('saves, lists newest first, gets and deletes, only for the owner', async () => {
    const first = await saveSubmission(db, { id: pat }, { formId: '400.04', data: ASPHALT, inputMethod: 'photo' }, new Date('2026-11-20T12:00:00Z'))
    const second = await saveSubmission(
      db,
      { id: pat },
      { formId: '300.02', data: { date: '2026-11-21' }, inputMethod: 'voice' },
      new Date('2026-11-21T12:00:00Z'),
    )
    expect(first.ok).toBe(true)
    expect(second).toMatchObject({ ok: false, status: 400, title: 'Missing required fields' })
    const third = await saveSubmission(
      db,
      { id: pat },
      {
        formId: '100.10',
        data: { date: '2026-11-21', inspectorName: ' Pat Field ', projectId: 'X-1', contractorName: 'Acme', activity: 'Paving', progress: 'Done' },
      },
      new Date('2026-11-21T13:00:00Z'),
    )
    if (!first.ok || !third.ok) throw new Error('expected saves')
    expect(first).toMatchObject({ title: 'Form submitted successfully', message: 'Hot Mix Asphalt Construction Daily Report has been completed and saved.' })
    expect(first.submission).toMatchObject({ formId: '400.04', formName: 'Hot Mix Asphalt Construction Daily Report', inputMethod: 'photo', data: ASPHALT })
    expect(third.submission).toMatchObject({ inputMethod: 'manual', submittedAt: '2026-11-21T13:00:00.000Z' })
    expect(third.submission.data.inspectorName).toBe('Pat Field')

    const list = await listSubmissions(db, pat, { limit: 10 })
    expect(list.total).toBe(2)
    expect(list.items.map((s) => s.formId)).toEqual(['100.10', '400.04'])
    expect((await listSubmissions(db, pat, { limit: 1, offset: 1 })).items.map((s) => s.id)).toEqual([first.submission.id])
    expect(await getSubmission(db, pat, first.submission.id)).toEqual(first.submission)

    // Sam sees nothing of Pat's and cannot delete it.
    expect((await listSubmissions(db, sam)).total).toBe(0)
    expect(await getSubmission(db, sam, first.submission.id)).toBeNull()
    expect(await deleteSubmission(db, sam, first.submission.id)).toBeNull()
    expect(await deleteSubmission(db, pat, third.submission.id)).toEqual(third.submission)
    expect(await deleteSubmission(db, pat, third.submission.id)).toBeNull()
    expect((await listSubmissions(db, pat)).total).toBe(1)
  })

  it('refuses an unknown form and missing fields with the §5 message, drops unknown fields and caps long values', async () => {
    expect(await saveSubmission(db, { id: pat }, { formId: '999.99', data: ASPHALT })).toEqual({ ok: false, status: 400, message: UNKNOWN_FORM_MESSAGE })
    expect(await saveSubmission(db, { id: pat }, { formId: undefined, data: ASPHALT })).toMatchObject({ status: 400 })
    const missing = await saveSubmission(db, { id: pat }, { formId: '400.04', data: { ...ASPHALT, contractor: '   ', tonnage: '' } })
    expect(missing).toEqual({
      ok: false,
      status: 400,
      title: 'Missing required fields',
      message: 'Please fill in: Contractor, Tonnage Placed',
      missing: ['Contractor', 'Tonnage Placed'],
      missingIds: ['contractor', 'tonnage'],
    })
    const big = await saveSubmission(db, { id: pat }, {
      formId: '400.04',
      data: { ...ASPHALT, notes: 'n'.repeat(10_000), weather: 'w'.repeat(1000), secret: 'dropped', __proto__: 'x' },
    })
    if (!big.ok) throw new Error(big.message)
    const stored = await getSubmission(db, pat, big.submission.id)
    expect(stored!.data.notes).toHaveLength(2000)
    expect(stored!.data.weather).toHaveLength(200)
    expect(Object.keys(stored!.data).sort()).toEqual([...Object.keys(ASPHALT), 'notes', 'weather'].sort())
    await deleteSubmission(db, pat, big.submission.id)
  })

  it('handles the form post: session, same origin, field.<id> names, never a 500 for client mistakes', async () => {
    const handleSubmit = async (request: Request) => (await handleSubmitAction(request)).result
    const fields = { formId: '400.04', inputMethod: 'voice', ...asFields({ ...ASPHALT, notes: 'Rolled at 290°F' }), 'field.bogus': 'x' }
    expect(await handleSubmit(submitRequest(fields, null))).toEqual({ ok: false, status: 401, message: SIGN_IN_TO_SAVE_MESSAGE })
    expect(await handleSubmit(submitRequest(fields, cookies.pat!, 'https://evil.example'))).toEqual({
      ok: false,
      status: 403,
      message: 'Cross-origin request refused.',
    })
    const notAForm = new Request(`${ORIGIN}/ar-inspection`, {
      method: 'POST',
      body: '{"formId":"400.04"}',
      headers: { origin: ORIGIN, cookie: cookies.pat!, 'content-type': 'application/json' },
    })
    expect(await handleSubmit(notAForm)).toMatchObject({ ok: false, status: 400 })
    expect(await handleSubmit(submitRequest({ ...fields, formId: 'nope' }, cookies.pat!))).toMatchObject({ ok: false, status: 400 })
    const missing = await handleSubmit(submitRequest({ formId: '400.04', 'field.date': '2026-11-21' }, cookies.pat!))
    expect(missing).toMatchObject({ ok: false, status: 400, message: 'Please fill in: Project Number, Contractor, Location/Station, Mix Type, Tonnage Placed, Mat Temperature (°F)' })

    const { result, form } = await handleSubmitAction(submitRequest(fields, cookies.sam!))
    if (!result.ok) throw new Error(result.message)
    expect(form?.get('formId')).toBe('400.04')
    expect(result.submission.inputMethod).toBe('voice')
    expect(result.submission.data).toEqual({ ...ASPHALT, notes: 'Rolled at 290°F' })
    expect((await listSubmissions(db, sam)).items[0]!.id).toBe(result.submission.id)
  })

  it('lists, shows, exports and deletes through the route functions, never across users', async () => {
    const saved = await saveSubmission(db, { id: sam }, { formId: '400.04', data: { ...ASPHALT, notes: 'Mat 290°F' }, inputMethod: 'photo' })
    if (!saved.ok) throw new Error(saved.message)
    const id = saved.submission.id
    const req = (path: string, cookie: string | null) =>
      ({ request: new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} }), params: { id }, context: {} }) as const

    expect(await listRoute.loader(req('/ar-inspection/submissions', null))).toEqual({ signedIn: false })
    const list = await listRoute.loader(req('/ar-inspection/submissions', cookies.sam!))
    if (!list.signedIn) throw new Error('signed in')
    expect(list.submissions[0]).toEqual({ id, formId: '400.04', formName: 'Hot Mix Asphalt Construction Daily Report', inputMethod: 'photo', submittedAt: saved.submission.submittedAt })
    expect((await listRoute.loader(req(`/ar-inspection/submissions?delete=${id}`, cookies.sam!))).confirmDelete).toBe(id)

    const view = await viewRoute.loader(req(`/ar-inspection/submissions/${id}`, cookies.sam!))
    if (!view.signedIn) throw new Error('signed in')
    expect(view.fields.map((f) => f.label)).toEqual([
      'Date',
      'Project Number',
      'Contractor',
      'Location/Station',
      'Mix Type',
      'Tonnage Placed',
      'Mat Temperature (°F)',
      'Compaction Method',
      'Weather',
      'Notes',
    ])
    expect(view.fields.find((f) => f.id === 'notes')!.value).toBe('Mat 290°F')
    expect((await thrown(viewRoute.loader(req(`/ar-inspection/submissions/${id}`, cookies.pat!)))).status).toBe(404)

    const pdf = await pdfRoute.loader(req(`/ar-inspection/submissions/${id}/pdf`, cookies.sam!))
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment; filename="400\.04-\d{4}-\d{2}-\d{2}\.pdf"$/)
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()))
    expect(text).toContain('400.04 - Hot Mix Asphalt Construction Daily Report')
    expect(text).toContain('Submitted by: Sam Site')
    expect(text).toContain('Mat 290°F')
    expect(text).toContain('STA 12+50 to STA 18+00')
    expect((await pdfRoute.loader(req(`/ar-inspection/submissions/${id}/pdf`, cookies.pat!))).status).toBe(404)
    expect((await pdfRoute.loader(req(`/ar-inspection/submissions/${id}/pdf`, null))).status).toBe(401)

    const del = (cookie: string, origin = ORIGIN) =>
      listRoute.action({
        request: new Request(`${ORIGIN}/ar-inspection/submissions`, {
          method: 'POST',
          body: new URLSearchParams({ intent: 'delete', id, redirectTo: `/ar-inspection/submissions/${id}` }),
          headers: { origin, cookie },
        }),
        params: {},
        context: {},
      })
    expect((await thrown(del(cookies.sam!, 'https://evil.example'))).status).toBe(403)
    const notOwner = await del(cookies.pat!)
    expect(notOwner.headers.get('location')).toBe('/ar-inspection/submissions')
    expect(await getSubmission(db, sam, id)).not.toBeNull()
    const done = await del(cookies.sam!)
    expect(done.status).toBe(302)
    expect(done.headers.get('location')).toBe('/ar-inspection/submissions')
    const flash = await toastSessionStorage.getSession(done.headers.get('set-cookie')!.split(';')[0])
    expect(flash.get('toast')).toMatchObject({ title: 'Form deleted', description: '400.04 - Hot Mix Asphalt Construction Daily Report was deleted.' })
    expect(await getSubmission(db, sam, id)).toBeNull()
  })
})

describe.each(DATABASE_KINDS)('form submissions over HTTP on %s', (kind) => {
  let database: TestDatabase
  let server: RunningServer

  beforeAll(async () => {
    database = await createTestDatabase(kind, { corpus: true })
    server = await startServer(database.env)
  })
  afterAll(async () => {
    await server?.stop()
    await database?.cleanup()
  })

  async function member(name: string): Promise<string> {
    const signup = await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { Origin: server.url, 'Content-Type': 'application/json' },
      body: JSON.stringify({ firstName: name, lastName: 'Inspector', email: `${name.toLowerCase()}-${kind}@example.test`, password: 'secret-123' }),
    })
    expect(signup.status).toBe(200)
    return cookieOf(signup)
  }
  const postForm = (path: string, cookie: string, fields: Record<string, string>, origin = server.url) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { Origin: origin, cookie }, body: new URLSearchParams(fields), redirect: 'manual' })

  it('saves a posted form, lists it, exports it as a PDF and keeps it from other users', async () => {
    const ada = await member('Ada')
    const bob = await member('Bob')
    const fields = { formId: '400.04', inputMethod: 'manual', ...asFields({ ...ASPHALT, notes: 'Joint density checked at 290°F' }) }

    const created = await postForm('/api/forms/submissions', ada, fields)
    expect(created.status).toBe(201)
    const { submission } = (await created.json()) as { submission: { id: string } }
    const missing = await postForm('/api/forms/submissions', ada, { formId: '400.04' })
    expect(missing.status).toBe(400)
    expect(((await missing.json()) as { message: string }).message).toMatch(/^Please fill in: Date, Project Number/)
    expect((await postForm('/api/forms/submissions', ada, fields, 'https://evil.example')).status).toBe(403)
    expect((await postForm('/api/forms/submissions', '', fields)).status).toBe(401)

    // The form filler page's own action (the plain form, as without JavaScript; Remix sends a POST to
    // an index route with ?index) saves through the same handler and redirects with the success toast.
    const page = '/ar-inspection?index'
    const plain = await postForm(page, ada, fields)
    expect(plain.status).toBe(302)
    expect(plain.headers.get('location')).toBe('/ar-inspection')
    const refused = await postForm(page, ada, { formId: '400.04', 'field.date': '2026-11-21' })
    expect(refused.status).toBe(400)
    expect((await postForm(page, ada, fields, 'https://evil.example')).status).toBe(403)
    expect((await postForm(page, '', fields)).status).toBe(401)

    const json = (await (await fetch(`${server.url}/api/forms/submissions`, { headers: { cookie: ada } })).json()) as {
      submissions: { id: string }[]
    }
    expect(json.submissions).toHaveLength(2)
    expect(json.submissions.map((s) => s.id)).toContain(submission.id)
    expect((await fetch(`${server.url}/api/forms/submissions`)).status).toBe(401)

    const list = await fetch(`${server.url}/ar-inspection/submissions`, { headers: { cookie: ada } })
    expect(list.status).toBe(200)
    const html = await list.text()
    expect(html).toContain('My inspection forms')
    expect(html).toContain('400.04 - Hot Mix Asphalt Construction Daily Report')
    expect(html).toContain(`/ar-inspection/submissions/${submission.id}/pdf`)
    expect(await (await fetch(`${server.url}/ar-inspection/submissions`, { headers: { cookie: bob } })).text()).toContain('No saved forms yet')

    const pdf = await fetch(`${server.url}/ar-inspection/submissions/${submission.id}/pdf`, { headers: { cookie: ada } })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()))
    for (const value of [...Object.values(ASPHALT), 'Joint density checked at 290°F', 'Submitted by: Ada Inspector']) expect(text).toContain(value)

    for (const path of [`/ar-inspection/submissions/${submission.id}`, `/ar-inspection/submissions/${submission.id}/pdf`]) {
      expect((await fetch(`${server.url}${path}`, { headers: { cookie: bob } })).status).toBe(404)
    }
    const crossDelete = await postForm('/ar-inspection/submissions', ada, { intent: 'delete', id: submission.id }, 'https://evil.example')
    expect(crossDelete.status).toBe(403)
    const deleted = await postForm('/ar-inspection/submissions', ada, { intent: 'delete', id: submission.id })
    expect(deleted.status).toBe(302)
    expect((await fetch(`${server.url}/ar-inspection/submissions/${submission.id}`, { headers: { cookie: ada } })).status).toBe(404)
  })
})

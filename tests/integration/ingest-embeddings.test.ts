/**
 * The embedding side of ingest (app/lib/search/embedder.server.ts) against real databases: the LSA model
 * is trained, kept while the chunks are unchanged, retrained and switched in one statement when they change;
 * queries embed with the current model; an OpenAI-compatible endpoint (a local fake) replaces it.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config/settings.mjs'
import { rowsOf, type DbHandle } from '../../db/client'
import {
  getQueryEmbedder,
  invalidateQueryEmbedder,
  prepareEmbeddings,
  trainingHash,
  updateEmbeddings,
} from '../../app/lib/search/embedder.server'
import { chunkHash } from '../../ingest/markdown'
import { replaceDocument } from '../../ingest/store'
import type { IngestChunk, IngestDocument } from '../../app/lib/search/core/chunk'
import { DATABASE_KINDS, openMigratedTestDatabase, type TestDatabase } from './databases'

const TEXTS = [
  ['401.1', 'Description', 'Hot-mix asphalt pavement placed in courses on a prepared base.'],
  ['401.2', 'Density', 'Asphalt density is accepted by cores and nuclear gauge readings per lot.'],
  ['701.1', 'Concrete classes', 'Portland cement concrete classes and compressive strength for bridge decks.'],
  ['805.1', 'Guardrail', 'W-beam guardrail posts are spaced 6 ft 3 in and the rail top is 31 in high.'],
  ['810.1', 'Seeding', 'Permanent seeding and mulch on slopes for erosion control.'],
] as const

function makeDoc(id: string, texts: ReadonlyArray<readonly [string, string, string]>): { doc: IngestDocument; chunks: IngestChunk[] } {
  const chunks = texts.map(([section, title, text], ordinal) => {
    const body = {
      kind: 'text',
      section,
      sectionTitle: title,
      headingPath: `Test > ${section} ${title}`,
      text,
      edition: '2007',
      pageStart: null,
      pageEnd: null,
      url: null,
      refs: [section],
      topics: [],
    }
    return { id: `${id}#${section}`, ordinal, ...body, contentHash: chunkHash(body) }
  })
  const doc: IngestDocument = {
    id,
    source: 'corpus',
    kind: 'spec-section',
    title: 'Test',
    document: 'Test document',
    edition: '2007',
    url: null,
    contentHash: chunks.map((c) => c.contentHash).join(''),
    meta: {},
  }
  return { doc, chunks }
}

async function modelRows(handle: DbHandle): Promise<Array<{ name: string; format: string; dimensions: number }>> {
  return rowsOf(await handle.db.execute(sql`select name, format, dimensions from embedding_models`))
}

async function chunkModels(handle: DbHandle): Promise<Array<{ id: string; embedding_model: string | null; has_vector: boolean }>> {
  return rowsOf(
    await handle.db.execute(sql`select id, embedding_model, embedding is not null as has_vector from chunks order by id`),
  )
}

describe('trainingHash', () => {
  it('depends on ids and hashes in order', () => {
    const a = trainingHash([{ id: 'a', contentHash: '1' }, { id: 'b', contentHash: '2' }])
    expect(a).toMatch(/^[0-9a-f]{64}$/)
    expect(trainingHash([{ id: 'a', contentHash: '1' }, { id: 'b', contentHash: '2' }])).toBe(a)
    expect(trainingHash([{ id: 'a', contentHash: '1' }, { id: 'b', contentHash: '3' }])).not.toBe(a)
    expect(trainingHash([{ id: 'a1', contentHash: '' }])).not.toBe(trainingHash([{ id: 'a', contentHash: '1' }]))
  })
})

describe.each(DATABASE_KINDS)('embeddings on %s', (kind) => {
  let database: TestDatabase
  let handle: DbHandle

  beforeAll(async () => {
    ;({ database, handle } = await openMigratedTestDatabase(kind))
  })

  afterAll(async () => {
    await handle?.close()
    await database?.cleanup()
  })

  it('has no query embedder before anything is ingested', async () => {
    invalidateQueryEmbedder()
    expect(await getQueryEmbedder(handle)).toBeNull()
    expect((await updateEmbeddings(handle)).action).toBe('none')
  })

  it('trains, keeps, retrains and switches the LSA model', async () => {
    const first = makeDoc('corpus:test/a.md', TEXTS)
    const prepared = await prepareEmbeddings(handle, [{ documentId: first.doc.id, chunks: first.chunks }])
    expect(prepared.lsa?.name).toMatch(/^lsa-[0-9a-f]{12}$/)
    await replaceDocument(handle, first.doc, first.chunks, { embedder: prepared.embedder })
    // Written with the prepared model's vectors, but not searchable by it until the switch.
    expect(await modelRows(handle)).toEqual([])
    const trained = await updateEmbeddings(handle, { prepared })
    expect(trained).toMatchObject({ action: 'trained', model: prepared.lsa!.name, embedded: 0 })
    const models = await modelRows(handle)
    expect(models).toEqual([{ name: prepared.lsa!.name, format: 'lsa-tfidf', dimensions: 4 }])
    expect((await chunkModels(handle)).every((c) => c.embedding_model === prepared.lsa!.name && c.has_vector)).toBe(true)

    invalidateQueryEmbedder()
    const query = await getQueryEmbedder(handle)
    expect(query?.name).toBe(prepared.lsa!.name)
    expect(await getQueryEmbedder(handle)).toBe(query) // cached
    const vector = await query!.embeddings.embedQuery('guardrail post spacing')
    const ranked = rowsOf<{ id: string }>(
      await handle.db.execute(
        sql`select id from chunks where embedding_model = ${query!.name} order by embedding <=> ${`[${vector.join(',')}]`}::vector limit 1`,
      ),
    )
    expect(ranked[0]!.id).toBe('corpus:test/a.md#805.1')
    expect((await query!.embeddings.embedQuery('zzzz qqqq')).every((x) => x === 0)).toBe(true)

    expect(await updateEmbeddings(handle)).toMatchObject({ action: 'kept', embedded: 0 })

    // A second document changes the training texts: a new model, every chunk re-embedded, one row left.
    const second = makeDoc('corpus:test/b.md', [['625.1', 'Markings', 'Thermoplastic pavement markings and glass beads.']])
    await replaceDocument(handle, second.doc, second.chunks)
    const retrained = await updateEmbeddings(handle)
    expect(retrained.action).toBe('trained')
    expect(retrained.model).not.toBe(prepared.lsa!.name)
    expect(retrained.embedded).toBe(TEXTS.length + 1)
    expect((await modelRows(handle)).map((m) => m.name)).toEqual([retrained.model])
    expect((await chunkModels(handle)).every((c) => c.embedding_model === retrained.model)).toBe(true)
    invalidateQueryEmbedder()
    expect((await getQueryEmbedder(handle))?.name).toBe(retrained.model)
  })

  describe('with an OpenAI-compatible endpoint', () => {
    let server: http.Server
    let baseURL: string
    let calls = 0

    beforeAll(async () => {
      // Deterministic 3-dimensional vectors: counts of a few letters.
      server = http.createServer((request, response) => {
        let body = ''
        request.on('data', (data) => (body += data))
        request.on('end', () => {
          calls++
          const { input } = JSON.parse(body) as { input: string[] }
          const data = input.map((text, index) => {
            const t = text.toLowerCase()
            const count = (c: string) => t.split(c).length - 1 + 0.01
            return { object: 'embedding', index, embedding: [count('a'), count('e'), count('o')] }
          })
          response.setHeader('Content-Type', 'application/json')
          response.end(JSON.stringify({ object: 'list', data, model: 'fake-embed', usage: { prompt_tokens: 1, total_tokens: 1 } }))
        })
      })
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
    })

    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve))
    })

    it('embeds the chunks through the endpoint and switches to openai:<model>', async () => {
      const settings = loadConfig({ OPENAI_BASE_URL: baseURL, OPENAI_API_KEY: 'test-key', EMBEDDINGS_MODEL: 'fake-embed' })
      const update = await updateEmbeddings(handle, { settings })
      expect(update).toMatchObject({ action: 'remote', model: 'openai:fake-embed', embedded: TEXTS.length + 1 })
      expect(calls).toBeGreaterThan(0)
      expect(await modelRows(handle)).toEqual([{ name: 'openai:fake-embed', format: 'openai', dimensions: 3 }])
      expect((await chunkModels(handle)).every((c) => c.embedding_model === 'openai:fake-embed' && c.has_vector)).toBe(true)
      const again = await updateEmbeddings(handle, { settings })
      expect(again.embedded).toBe(0)

      // Without the endpoint configured, questions cannot be embedded in that space.
      invalidateQueryEmbedder()
      expect(await getQueryEmbedder(handle)).toBeNull()
    })
  })
})

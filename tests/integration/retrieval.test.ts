import path from 'node:path'
import { sql, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, rowsOf, type DbHandle } from '../../db/client'
import { ingestCorpus } from '../../ingest/index'
import { retrieve } from '../../app/lib/search/retrieve.server'
import { VOCABULARY_RECHECK_MS, getVocabulary } from '../../app/lib/search/vocabulary.server'
import type { Passage } from '../../app/lib/search/core/types'
import { DATABASE_KINDS, openMigratedTestDatabase, type TestDatabase } from './databases'
import { ROOT } from './server'

process.env.APP_ROOT = ROOT

const isSpecEdition = (p: Passage, edition: string) => ['spec-section', 'spec-book'].includes(p.documentKind) && p.edition === edition
const mentions = (p: Passage, pattern: RegExp) => pattern.test([p.section, p.sectionTitle, p.headingPath, p.documentTitle, p.text].join(' '))

describe.each(DATABASE_KINDS)('retrieval over the bundled corpus on %s', (kind) => {
  let database: TestDatabase
  let handle: DbHandle

  beforeAll(async () => {
    ;({ database, handle } = await openMigratedTestDatabase(kind))
    const summary = await ingestCorpus(handle, path.join(ROOT, 'corpus'))
    expect(summary.errors).toEqual([])
    expect(summary.chunks).toBeGreaterThan(100)
  })
  afterAll(async () => {
    await handle?.close()
    await database?.cleanup()
  })

  it('puts the SC-T-29 record first for its number, however it is typed', async () => {
    for (const query of ['SC-T-29', 'sc t 29', 'what is SCT29']) {
      const { passages, analysis } = await retrieve(handle, query)
      expect(analysis.numbers).toEqual(['sc-t-29'])
      expect(passages[0]?.section?.toLowerCase()).toBe('sc-t-29')
      expect(passages[0]?.documentKind).toBe('test-method')
      expect(passages[0]?.scores.exact).toBe(true)
    }
  })

  it('hits Section 401 for "section 401", and its subsections for "section 401.4"', async () => {
    // A 2025 pointer record's section reads '2025 number to verify (2007: 401)'.
    const section = await retrieve(handle, 'section 401')
    expect(section.passages[0]?.section).toMatch(/(?<![\d.])401(?![\d])/)
    expect(section.passages.slice(0, 3).every((p) => /(?<![\d.])401(?![\d])/.test(p.section ?? ''))).toBe(true)

    const subsection = await retrieve(handle, 'section 401.4')
    expect(subsection.passages[0]?.section).toMatch(/^401\.4\./)
    expect(subsection.passages[0]?.scores.exact).toBe(true)
  })

  it('ranks the records a number names above passages that only mention it', async () => {
    const cfr = await retrieve(handle, '1926.652')
    expect(cfr.passages.slice(0, 3).every((p) => p.section?.includes('1926.652'))).toBe(true)
    const supplemental = await retrieve(handle, 'what does SC-M-400 say about density')
    expect(supplemental.passages.slice(0, 3).every((p) => p.section?.startsWith('SC-M-400'))).toBe(true)
  })

  it('finds a drawing by the number users type', async () => {
    const { passages } = await retrieve(handle, 'drawing g-501 rail height')
    expect(passages[0]?.section).toBe('G501')
  })

  it('returns a guardrail or G-series record in the top 3 for "guard rail post spacing"', async () => {
    const { passages, analysis } = await retrieve(handle, 'guard rail post spacing')
    expect(analysis.expansions).toContain('guardrail')
    expect(passages.slice(0, 3).some((p) => /^G\d{3}$/.test(p.section ?? '') || mentions(p, /guardrail/i))).toBe(true)
  })

  it('filters by the edition asked for, and never filters out other documents', async () => {
    for (const edition of ['2007', '2025'] as const) {
      const other = edition === '2007' ? '2025' : '2007'
      const { passages } = await retrieve(handle, 'hot mix asphalt section 401 density', { specBook: edition, limit: 30 })
      expect(passages.length).toBeGreaterThan(0)
      expect(passages.some((p) => isSpecEdition(p, other))).toBe(false)
      expect(passages.some((p) => isSpecEdition(p, edition))).toBe(true)
      expect(passages.some((p) => !['spec-section', 'spec-book'].includes(p.documentKind))).toBe(true)
    }
    const both = await retrieve(handle, 'hot mix asphalt section 401 density', { specBook: 'both', limit: 30 })
    expect(both.passages.some((p) => isSpecEdition(p, '2007'))).toBe(true)
    expect(both.passages.some((p) => isSpecEdition(p, '2025'))).toBe(true)
  })

  it('takes the edition from the question when the request says both', async () => {
    const { passages, analysis } = await retrieve(handle, 'section 401 in the 2025 spec', { specBook: 'both', limit: 30 })
    expect(analysis.edition).toBe('2025')
    expect(passages.some((p) => isSpecEdition(p, '2007'))).toBe(false)
    expect(passages.some((p) => isSpecEdition(p, '2025'))).toBe(true)
  })

  it('expands field abbreviations: HMA finds hot-mix asphalt passages that never say HMA', async () => {
    const { passages, analysis } = await retrieve(handle, 'HMA', { mode: 'fts', limit: 50 })
    expect(analysis.expansions).toContain('hot mix asphalt')
    expect(passages.some((p) => !mentions(p, /\bhma\b/i) && mentions(p, /hot[- ]mix asphalt/i))).toBe(true)
    const fused = await retrieve(handle, 'HMA compaction')
    expect(fused.passages.slice(0, 3).every((p) => mentions(p, /asphalt|hma/i))).toBe(true)
  })

  it('still hits after spelling correction', async () => {
    const { passages, analysis } = await retrieve(handle, 'gaurdrail post spasing')
    expect(analysis.corrections).toEqual([
      { from: 'gaurdrail', to: 'guardrail' },
      { from: 'spasing', to: 'spacing' },
    ])
    expect(passages.slice(0, 3).some((p) => mentions(p, /guardrail/i))).toBe(true)

    const asphalt = await retrieve(handle, 'asfalt compacton')
    expect(asphalt.analysis.corrected).toBe('asphalt compaction')
    expect(asphalt.passages.length).toBeGreaterThan(0)
  })

  it('leaves a question about something else as it is', async () => {
    const { analysis } = await retrieve(handle, 'Who won the 2024 World Series')
    expect(analysis.corrected).toBe('Who won the 2024 World Series')
    expect(analysis.corrections).toEqual([])
    expect(analysis.numbers).toEqual([])
  })

  it('treats markup and SQL in a question as plain words', async () => {
    const count = async () => rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from chunks`))[0]!.n
    const before = await count()
    for (const query of ["'; drop table chunks; --", '<script>alert(1)</script>', "guardrail' or '1'='1", 'asphalt); delete from documents; --', '$1 $2 :: ?']) {
      const result = await retrieve(handle, query)
      expect(result.analysis.original).toBe(query)
      expect(Array.isArray(result.passages)).toBe(true)
    }
    expect(await count()).toBe(before)
  })

  it('answers in each mode, each with its own evidence', async () => {
    const query = 'asphalt density cores'
    const fts = await retrieve(handle, query, { mode: 'fts' })
    const vector = await retrieve(handle, query, { mode: 'vector' })
    const fused = await retrieve(handle, query, { mode: 'fused' })
    for (const result of [fts, vector, fused]) expect(result.passages.length).toBe(8)
    expect(fts.mode).toBe('fts')
    expect(fts.passages.every((p) => p.scores.ftsRank !== null && p.scores.vectorRank === null)).toBe(true)
    expect(fts.passages.map((p) => p.scores.ftsRank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(vector.passages.every((p) => p.scores.vector !== null && p.scores.ftsRank === null)).toBe(true)
    expect(vector.passages.map((p) => p.scores.vectorRank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(fused.passages.some((p) => p.scores.ftsRank !== null && p.scores.vectorRank !== null)).toBe(true)
    const scores = fused.passages.map((p) => p.scores.fused)
    expect([...scores].sort((a, b) => b - a)).toEqual(scores)
  })

  it('fills every passage field from the chunk and its document', async () => {
    const { passages } = await retrieve(handle, 'SC-M-400 density', { limit: 3 })
    const [first] = passages
    expect(first).toMatchObject({
      chunkId: expect.any(String),
      documentId: expect.stringMatching(/^corpus:/),
      documentKind: expect.any(String),
      documentTitle: expect.any(String),
      document: expect.any(String),
      headingPath: expect.any(String),
      chunkKind: expect.any(String),
      text: expect.any(String),
      topics: expect.any(Array),
    })
    expect(typeof first!.scores.fused).toBe('number')
  })

  it('ranks by full text alone when the question has no word the vectors know', async () => {
    const { passages } = await retrieve(handle, 'zzqx SC-T-29', { mode: 'fused' })
    expect(passages[0]?.section?.toLowerCase()).toBe('sc-t-29')
    const none = await retrieve(handle, 'zzqx blorft', { mode: 'vector' })
    expect(none.passages).toEqual([])
  })

  it('broad retry: more, new passages, never the excluded ones', async () => {
    const first = await retrieve(handle, 'silt fence installation')
    const exclude = first.passages.map((p) => p.chunkId)
    const retry = await retrieve(handle, 'silt fence installation', { broad: true, excludeChunkIds: exclude, limit: 8 })
    expect(retry.passages.length).toBe(8)
    expect(retry.passages.some((p) => exclude.includes(p.chunkId))).toBe(false)
    expect(retry.passages.some((p) => mentions(p, /silt fence|sediment/i))).toBe(true)
  })

  it('stores a chunk whole in its row and finds words through the index, so a search reads no TOAST and no pending list', async () => {
    // The vector scan reads every chunk: with the embedding out of line (TOAST) each one was a look-up more.
    const first = async <T>(query: SQL) => rowsOf<T>(await handle.db.execute(query))[0]!
    const { toast } = await first<{ toast: string }>(sql`select reltoastrelid::regclass::text as toast from pg_class where relname = 'chunks'`)
    const { outOfLine } = await first<{ outOfLine: number }>(sql.raw(`select count(distinct chunk_id)::int as "outOfLine" from ${toast}`))
    const { chunks } = await first<{ chunks: number }>(sql`select count(*)::int as chunks from chunks`)
    expect(outOfLine).toBeLessThan(chunks / 20)
    // A GIN index with entries waiting in its pending list (PGlite never vacuums) made the planner scan the table.
    const plan = rowsOf<Record<string, string>>(await handle.db.execute(sql`explain select id from chunks where tsv @@ phraseto_tsquery('english', 'compaction')`))
      .map((row) => Object.values(row)[0])
      .join('\n')
    expect(plan).toContain('chunks_tsv_idx')
  })

  it.runIf(kind === 'postgres')('prepares the retrieval statement once per connection and runs it again as prepared', async () => {
    // A handle of its own: its statements run one after another, so on one connection.
    const own = await openDatabase(database.open)
    try {
      const first = await retrieve(own, 'hot mix asphalt compaction temperature')
      const again = await retrieve(own, 'hot mix asphalt compaction temperature')
      expect(again.passages.map((p) => p.chunkId)).toEqual(first.passages.map((p) => p.chunkId))
      const rows = rowsOf<{ calls: number }>(
        await own.db.execute(sql`select count(*)::int as calls from pg_prepared_statements where statement like '%fts_r as (select id, score%'`),
      )
      expect(rows[0]?.calls).toBe(1)
    } finally {
      await own.close()
    }
  })

  it('keeps the record a number names when more passages mention the number than the exact list holds', async () => {
    // 200 passages that only mention SC-T-29, then the record itself rewritten (so it lies last on disk).
    await handle.db.execute(sql`insert into documents (id, source, kind, title, document, content_hash)
      values ('corpus:test/mentions.md', 'corpus', 'manual-note', 'Mentions', 'Test note', 'x')`)
    await handle.db.execute(sql`insert into chunks (id, document_id, ordinal, kind, text, content_hash, refs)
      select 'mention-' || i, 'corpus:test/mentions.md', i, 'text', 'Cores are checked under SC-T-29 on every lot.', 'x', '{sc-t-29}'
      from generate_series(1, 200) i`)
    try {
      await handle.db.execute(sql`update chunks set text = text where lower(section) = 'sc-t-29'`)
      const { passages } = await retrieve(handle, 'SC-T-29')
      expect(passages[0]?.section?.toLowerCase()).toBe('sc-t-29')
      expect(passages[0]?.scores.exact).toBe(true)
    } finally {
      await handle.db.execute(sql`delete from documents where id = 'corpus:test/mentions.md'`)
    }
  })

  it('respects the limit and the vocabulary cache', async () => {
    expect((await retrieve(handle, 'concrete', { limit: 3 })).passages).toHaveLength(3)
    const a = await getVocabulary(handle)
    const b = await getVocabulary(handle)
    expect(a).toBe(b)
    expect(a.counts.get('guardrail')).toBeGreaterThan(5)
  })

  it('rebuilds the vocabulary once the corpus changes', async () => {
    const before = await getVocabulary(handle)
    expect(before.counts.has('zorbulite')).toBe(false)
    await handle.db.execute(sql`insert into documents (id, source, kind, title, document, content_hash)
      values ('corpus:test/zorbulite.md', 'corpus', 'manual-note', 'Zorbulite', 'Test note', 'x')`)
    await handle.db.execute(sql`insert into chunks (id, document_id, ordinal, kind, text, content_hash)
      values ('zorbulite-0', 'corpus:test/zorbulite.md', 0, 'text', 'Zorbulite binder: zorbulite is mixed hot.', 'x')`)
    try {
      await new Promise((resolve) => setTimeout(resolve, VOCABULARY_RECHECK_MS + 100))
      const after = await getVocabulary(handle)
      expect(after).not.toBe(before)
      expect(after.counts.get('zorbulite')).toBe(2)
      const { analysis, passages } = await retrieve(handle, 'zorbulyte binder', { mode: 'fts' })
      expect(analysis.corrected).toBe('zorbulite binder')
      expect(passages[0]?.chunkId).toBe('zorbulite-0')
    } finally {
      await handle.db.execute(sql`delete from documents where id = 'corpus:test/zorbulite.md'`)
    }
  })
})

describe.each(DATABASE_KINDS)('retrieval before any ingest on %s', (kind) => {
  let database: TestDatabase
  let handle: DbHandle

  beforeAll(async () => {
    ;({ database, handle } = await openMigratedTestDatabase(kind))
  })
  afterAll(async () => {
    await handle?.close()
    await database?.cleanup()
  })

  it('answers with no passages and no error', async () => {
    for (const mode of ['fused', 'fts', 'vector'] as const) {
      const result = await retrieve(handle, 'asfalt compaction SC-T-29', { mode })
      expect(result.passages).toEqual([])
      expect(result.analysis.numbers).toEqual(['sc-t-29'])
      // The spelling vocabulary holds the field-language lexicon's words even before a corpus is loaded.
      expect(result.analysis.corrections).toEqual([{ from: 'asfalt', to: 'asphalt' }])
    }
  })
})

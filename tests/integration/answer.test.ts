/**
 * Answers from the real corpus, ingested into each test database kind: the extractive answer gives the
 * figure with its citation, out-of-scope and unknown questions abstain, and a retry says what it added.
 * The questions are this file's own wordings of the kinds of questions inspectors ask.
 */
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../../db/client'
import { ingestCorpus } from '../../ingest/index'
import { figuresOf } from '../../app/lib/search/core/text'
import { retrieve } from '../../app/lib/search/retrieve.server'
import { NOTHING_NEW, runRetry, runSearch } from '../../app/lib/search/search.server'
import type { SearchResult } from '../../app/lib/search/core/types'
import { DATABASE_KINDS, openMigratedTestDatabase, type TestDatabase } from './databases'

const ANSWERABLE: Array<{ q: string; figure: RegExp; cite: RegExp; calc?: string }> = [
  { q: 'line post spacing on a standard W-beam guardrail run', figure: /6\.25|6 ft 3 in/, cite: /Drawing G501|Guardrail/ },
  { q: 'top of rail height for W-beam guardrail', figure: /31 in/, cite: /Drawing G501|Guardrail/ },
  { q: 'minimum retroreflectivity of new yellow paint markings', figure: /175/, cite: /Drawing M601|625|Pavement Markings/ },
  { q: 'how many cores per sublot on surface type B asphalt', figure: /1,500/, cite: /SC-M-400|Drawing P401|Asphalt/ },
  { q: 'which pipe is allowed under an interstate', figure: /RCP|reinforced concrete pipe/i, cite: /D601|714|Drainage/ },
  { q: 'taper length formula at 45 mph or more', figure: /W x S/, cite: /6H-4|Drawing S103|Traffic Control/ },
  { q: 'what is the pound per foot weight of a #5 rebar', figure: /1\.043/, cite: /703|Reinforcing/, calc: 'rebar-weight' },
  // How to work a rate out: the method, though the corpus holds no required tack rate.
  { q: 'how do i figure the tack rate', figure: /gallons applied in the distributor shot divided by the square yards covered/, cite: /401/ },
]

const ABSTAIN: Array<{ q: string; engine: SearchResult['engine'] }> = [
  { q: 'What does Tennessee DOT require for guardrail height?', engine: 'scope' },
  { q: 'Who scored the most points in the NBA finals?', engine: 'scope' },
  { q: 'How many lanes does US 17 have in Charleston?', engine: 'extractive' },
]

describe.each(DATABASE_KINDS)('answers on %s', (kind) => {
  let database: TestDatabase
  let handle: DbHandle

  beforeAll(async () => {
    ;({ database, handle } = await openMigratedTestDatabase(kind, { corpus: true }))
    await ingestCorpus(handle, path.resolve('corpus'))
  })

  afterAll(async () => {
    await handle?.close()
    await database?.cleanup()
  })

  const search = (query: string) => runSearch(handle, { query, specBook: 'both', userRole: 'inspector' })

  it.each(ANSWERABLE)('answers "$q" with the figure and a citation', async ({ q, figure, cite, calc }) => {
    const result = await search(q)
    expect(result.engine).toBe('extractive')
    expect(result.searchEngine).toBe('Extractive answer from the SCDOT corpus (no AI model)')
    expect(result.answer).toMatch(figure)
    expect(result.answer.startsWith("I don't know")).toBe(false)
    expect(['high', 'medium', 'low']).toContain(result.confidence)
    const references = [...result.exactCitations.map((c) => c.reference), ...result.sources.map((s) => s.section)].join(' | ')
    expect(references).toMatch(cite)
    expect(result.sources.some((s) => s.relevance === 'primary')).toBe(true)
    expect(result.query).toBe(q)
    expect(result.roleSpecificNotes.at(-1)).toBe('Verify against the current official SCDOT documents before use.')
    if (calc) expect(result.calculationSuggestions).toContain(calc)
  })

  it.each(ABSTAIN)('abstains on "$q"', async ({ q, engine }) => {
    const result = await search(q)
    expect(result.engine).toBe(engine)
    expect(['low', 'unknown']).toContain(result.confidence)
    expect(result.exactCitations).toEqual([])
    if (engine === 'scope') expect(result.answer).toContain('South Carolina (SCDOT) road construction only')
    else expect(result.answer.startsWith("I don't know")).toBe(true)
  })

  it('never adds a figure that is not in a retrieved passage (the product calculator line aside)', async () => {
    let checked = 0
    for (const { q } of ANSWERABLE) {
      const result = await search(q)
      const { passages } = await retrieve(handle, q, { specBook: 'both' })
      const known = new Set(passages.flatMap((p) => figuresOf([p.text, p.section, p.sectionTitle, p.documentTitle, p.edition].join(' \n '))))
      const answer = result.answer.replace(/^Product tool:.*$/m, '')
      const figures = figuresOf(answer)
      checked += figures.length
      for (const figure of figures) expect(known, `${figure} in the answer to "${q}"`).toContain(figure)
    }
    expect(checked).toBeGreaterThan(10)
  })

  it('treats markup and SQL in a question as text', async () => {
    const result = await search("guardrail'); drop table chunks; -- <script>alert(1)</script>")
    expect(result.query).toContain('<script>')
    const again = await search('line post spacing on a standard W-beam guardrail run')
    expect(again.answer).toMatch(/6\.25|6 ft 3 in/)
  })

  it('retries with a broader search and says what it added, never the same answer as new', async () => {
    const first = await search('bridge deck concrete strength')
    const retry = await runRetry(handle, {
      originalQuery: first.query,
      originalAnswer: first.answer,
      originalSources: first.sources.map((source) => ({ ...source })),
      retryAttempt: 0,
      specBook: 'both',
      userRole: 'inspector',
    })
    expect(retry.retry?.attempt).toBe(1)
    expect(retry.answer).not.toBe(first.answer)
    if (retry.retry!.added === NOTHING_NEW) {
      expect(retry.answer.startsWith('A broader search (attempt 1) found nothing beyond the first answer')).toBe(true)
    } else {
      expect(retry.retry!.added).toMatch(/^Added \d+ passages?: /)
      expect(retry.answer.startsWith('A broader search (attempt 1) found more on this question')).toBe(true)
      const firstPrimary = new Set(first.sources.filter((s) => s.relevance === 'primary').map((s) => `${s.title}|${s.section}`))
      const added = retry.sources.filter((s) => s.relevance === 'primary').map((s) => `${s.title}|${s.section}`)
      expect(added.some((key) => !firstPrimary.has(key))).toBe(true)
    }
  })

  it('says plainly when a retry finds nothing new', async () => {
    const first = await search('Which baseball team won the 2019 World Series?')
    const retry = await runRetry(handle, {
      originalQuery: first.query,
      originalAnswer: first.answer,
      originalSources: first.sources.map((source) => ({ ...source })),
      retryAttempt: 1,
      specBook: 'both',
      userRole: 'inspector',
    })
    expect(retry.retry).toEqual({ attempt: 2, added: NOTHING_NEW })
    expect(retry.answer).toBe(`A broader search (attempt 2) found nothing beyond the first answer, which still stands:\n\n${first.answer}`)
  })
})

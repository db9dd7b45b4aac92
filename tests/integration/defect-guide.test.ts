import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../../db/client'
import { loadCorpusFiles } from '../../ingest/corpus-files'
import { ingestCorpus } from '../../ingest/index'
import { NO_COST_DATA, diagnose } from '../../app/lib/analysis/diagnose.server'
import { retrieve } from '../../app/lib/search/retrieve.server'
import { DATABASE_KINDS, openMigratedTestDatabase, type TestDatabase } from './databases'
import { ROOT } from './server'

process.env.APP_ROOT = ROOT

const defectOf = (documentId: string) => /defects\/(defect-[a-z0-9-]+)\.md/.exec(documentId)?.[1] ?? null

/** Descriptions as an inspector would type them, and the defect record each must find. */
const DESCRIBED: Array<[string, string]> = [
  ['alligator cracking', 'defect-asphalt-alligator-cracking'],
  ['spalling on bridge deck', 'defect-bridge-deck-spalling-delamination'],
  ['ruts in the wheel paths of the asphalt', 'defect-asphalt-rutting'],
  ['honeycombing in the concrete wall after the forms came off', 'defect-concrete-honeycombing'],
  ['HDPE pipe deflection out of round', 'defect-drainage-flexible-pipe-deflection'],
  ['guardrail end terminal not installed right', 'defect-guardrail-end-terminal'],
  ['pavement markings peeling off', 'defect-markings-poor-adhesion'],
  ['pumping subgrade soft spot', 'defect-earthwork-pumping-subgrade'],
]

describe.each(DATABASE_KINDS)('the defect guide on %s', (kind) => {
  let database: TestDatabase
  let handle: DbHandle

  beforeAll(async () => {
    ;({ database, handle } = await openMigratedTestDatabase(kind, { corpus: true }))
    // The same two steps as app/startup.server.ts.
    const corpusDir = path.join(ROOT, 'corpus')
    await loadCorpusFiles(handle, corpusDir)
    const summary = await ingestCorpus(handle, corpusDir)
    expect(summary.errors).toEqual([])
  }, 300_000)
  afterAll(async () => {
    await handle?.close()
    await database?.cleanup()
  })

  it.each(DESCRIBED)('retrieval ranks the record for %j in the top 3', async (description, id) => {
    const { passages } = await retrieve(handle, description, { specBook: 'both', limit: 10 })
    const ids = [...new Set(passages.map((p) => defectOf(p.documentId)).filter(Boolean))]
    const documents = [...new Set(passages.map((p) => p.documentId))]
    const rank = documents.findIndex((d) => defectOf(d) === id)
    expect(rank, `documents: ${documents.slice(0, 5).join(', ')}; defects: ${ids.join(', ')}`).toBeGreaterThanOrEqual(0)
    expect(rank).toBeLessThan(3)
    const passage = passages.find((p) => defectOf(p.documentId) === id)!
    expect(passage.documentKind).toBe('defect')
    expect(passage.documentTitle).toMatch(/^Defect guide: /)
  })

  it('diagnoses a described defect with the full §3 result, citing only confirmed references', async () => {
    const result = await diagnose(handle, { description: 'the asphalt is cracked like a turtle shell', text: '', specBook: 'both' })
    expect(result).not.toBeNull()
    expect(result!.issueType).toBe('asphalt_alligator_cracking')
    expect(result!.primaryIssue).toBe('Alligator (fatigue) cracking in asphalt pavement')
    expect(result!.severity).toBe('high')
    expect(result!.confidence).toBe('high')
    expect(result!.detectedProblems[0]).toMatchObject({ problem: result!.primaryIssue, severity: 'high', origin: 'description' })
    expect(result!.detectedProblems[0]!.causeLikely.length).toBeGreaterThan(1)
    expect(result!.detectedProblems.length).toBeLessThanOrEqual(3)
    expect(result!.recommendations.map((r) => r.priority)).toEqual(['high', 'high', 'medium', 'medium'])
    expect(result!.recommendations.map((r) => r.scdotReference)).toEqual(['', 'Section 401 (2007)', 'SC-M-400', ''])
    expect(result!.recommendations.every((r) => r.estimatedCost === NO_COST_DATA)).toBe(true)
    expect(result!.inspectionChecklist.length).toBeGreaterThanOrEqual(3)
    expect(result!.preventiveMeasures.length).toBeGreaterThanOrEqual(2)
    expect(result!.relatedSpecs.map((s) => s.section)).toEqual(['401', 'SC-M-400', 'Drawing R501'])
  })

  it('corrects spelling and reads the text of an upload', async () => {
    const spelled = await diagnose(handle, { description: 'spawling on the brige deck', text: '', specBook: 'both' })
    expect(spelled?.issueType).toBe('bridge_deck_spalling')
    const fromText = await diagnose(handle, { description: '', text: 'NOTE: REPAIR SPALLED AREAS ON BRIDGE DECK\nSTA 12+50 TO 14+00', specBook: 'both' })
    expect(fromText?.issueType).toBe('bridge_deck_spalling')
    expect(fromText?.detectedProblems[0]?.origin).toBe('text')
    expect(fromText?.confidence).not.toBe('high')
  })

  it('marks 2007 section numbers as unconfirmed in the 2025 book', async () => {
    const result = await diagnose(handle, { description: 'alligator cracking', text: '', specBook: '2025' })
    const section401 = result!.relatedSpecs.find((s) => s.section === '401')!
    expect(section401.relevance).toMatch(/2007 numbering; the 2025 number is not confirmed/)
  })

  it.each(['what is the weather', 'how do I calculate concrete volume', 'guardrail', ''])('returns null for %j', async (description) => {
    expect(await diagnose(handle, { description, text: '', specBook: 'both' })).toBeNull()
  })

  it('returns null for a plan whose text only names features', async () => {
    expect(await diagnose(handle, { description: '', text: 'EXPANSION JOINT STA 10+00\nGUARDRAIL 200 LF\n24" RCP', specBook: 'both' })).toBeNull()
  })
})

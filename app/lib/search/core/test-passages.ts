/**
 * Hand-made passages and analyses for the answer's unit tests (shaped like what ingest and retrieval
 * produce from the corpus, written for the tests).
 */
import type { Passage, QueryAnalysis } from './types'

let counter = 0

export function passage(overrides: Partial<Passage> & Pick<Passage, 'text'>): Passage {
  counter += 1
  return {
    chunkId: overrides.chunkId ?? `corpus:test/${counter}.md#c`,
    documentId: `corpus:test/${counter}.md`,
    documentKind: 'spec-section',
    documentTitle: 'Test record',
    document: 'SCDOT Standard Specifications for Highway Construction',
    edition: '2007',
    section: '401',
    sectionTitle: 'Test',
    headingPath: 'Test',
    chunkKind: 'text',
    pageStart: null,
    pageEnd: null,
    url: 'https://www.scdot.org/business/engineering.aspx',
    topics: [],
    ...overrides,
    scores: { fts: 0.1, ftsRank: 1, vector: 0.5, vectorRank: 1, exact: false, fused: 0.03, ...overrides.scores },
  }
}

export function analysis(query: string, overrides: Partial<QueryAnalysis> = {}): QueryAnalysis {
  return { original: query, corrected: query, corrections: [], numbers: [], edition: null, expansions: [], otherState: null, ...overrides }
}

export const guardrailDrawing = passage({
  chunkId: 'corpus:drawings/drawing-g501.md#measurements',
  documentId: 'corpus:drawings/drawing-g501.md',
  documentKind: 'drawing',
  documentTitle: 'Drawing G501 W-Beam Guardrail Installation',
  document: 'SCDOT Standard Drawings (field summary records)',
  edition: null,
  section: 'G501',
  sectionTitle: 'W-Beam Guardrail Installation',
  headingPath: 'Drawing G501 W-Beam Guardrail Installation > Measurements',
  chunkKind: 'drawing',
  url: '/documents#drawing-g501',
  topics: ['guardrail', 'post spacing', 'rail height'],
  text: [
    '- Line post spacing, standard W-beam run: 6 ft 3 in (6.25 ft) center to center (CRITICAL: failure means tear-out) [MGS test record]',
    '- Top of W-beam rail height: 31 in above the adjacent finished grade (CRITICAL: failure means tear-out) [MwRSF report 57]',
    '- Blockout depth: 12 in (6 in x 12 in nominal wood blockout) [MwRSF report 325]',
  ].join('\n'),
})

export const guardrailChecks = passage({
  chunkId: 'corpus:drawings/drawing-g501.md#spec-acceptance-checks',
  documentId: 'corpus:drawings/drawing-g501.md',
  documentKind: 'drawing',
  documentTitle: 'Drawing G501 W-Beam Guardrail Installation',
  document: 'SCDOT Standard Drawings (field summary records)',
  edition: null,
  section: 'G501',
  sectionTitle: 'W-Beam Guardrail Installation',
  headingPath: 'Drawing G501 W-Beam Guardrail Installation > Specifications > Acceptance checks',
  chunkKind: 'drawing',
  url: '/documents#drawing-g501',
  topics: ['guardrail'],
  scores: { fts: 0.05, ftsRank: 2, vector: 0.4, vectorRank: 3, exact: false, fused: 0.02 },
  text: [
    '- Measure rail height and post spacing along the run and at every terminal, and record the readings with station numbers.',
    '- Re-check rail height after any overlay, because raising the pavement lowers the effective rail height.',
  ].join('\n'),
})

export const asphaltCores = passage({
  chunkId: 'corpus:supplemental/sc-m-400.md#cores',
  documentId: 'corpus:supplemental/sc-m-400.md',
  documentKind: 'supplemental-spec',
  documentTitle: 'SC-M-400 Asphalt Mixture Quality Acceptance',
  document: 'SCDOT Supplemental Technical Specification SC-M-400',
  edition: '2018',
  section: 'SC-M-400',
  sectionTitle: 'In-place density',
  headingPath: 'SC-M-400 Asphalt Mixture Quality Acceptance > SC-M-400 In-place density',
  topics: ['asphalt', 'testing'],
  scores: { fts: 0.04, ftsRank: 3, vector: 0.3, vectorRank: 5, exact: false, fused: 0.015 },
  text: [
    '- Surface Types A and B take one core per 1,500-ft section (sublot). [SC-M-400, 2018 revision]',
    '- Core density is judged on the lot average; 93.0 to 93.9 percent earns a 100 percent pay factor. [SC-M-400, 2018 revision]',
  ].join('\n'),
})

export const section401 = passage({
  chunkId: 'corpus:specs/2007/section-401.md#401-4-30',
  documentId: 'corpus:specs/2007/section-401.md',
  documentTitle: 'Hot-Mix Asphalt Pavement',
  section: '401.4.30',
  sectionTitle: 'Weigh tickets',
  headingPath: 'Hot-Mix Asphalt Pavement > 401.4.30 Weigh tickets',
  topics: ['asphalt'],
  scores: { fts: 0.2, ftsRank: 1, vector: 0.6, vectorRank: 1, exact: true, fused: 0.07 },
  text: '- Subsection 401.4.30 governs asphalt weigh tickets; contactless tickets were allowed from 2020-04-08. [SCDOT 2007 401.4.30]',
})

/** The corpus saying it holds no confirmed slump, air or temperature limits (a fact without a figure). */
export const slumpNotConfirmed = passage({
  documentTitle: 'Portland Cement Concrete',
  section: '701',
  headingPath: 'Portland Cement Concrete > 701 Not confirmed',
  text: '- Slump, air content and concrete temperature limits were not confirmed from an SCDOT source; use the contract. [no source: to verify]',
})

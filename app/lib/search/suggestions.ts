import { topicsOfQuery, topicWords, type TopicName } from '~/lib/dashboard/topics'

/**
 * The live 'suggested documents' panel (product-spec §4 'Suggestions panel', §9): once the question
 * is over 3 characters and a keyword matches, at most 3 references to open next; clicking one appends
 * its `reference` to the question. Pure (browser and tests).
 *
 * The spec maps keywords to Sections 401 (hot mix asphalt), 501 (Portland cement concrete) and 602
 * (drainage structures), drawing series GR and SS, a bridge inspection manual, environmental
 * guidelines and OSHA 1926. This product only names what its corpus confirms (corpus/README.md):
 * - Portland cement concrete is Section 701 in the corpus; 501's title is unconfirmed (the corpus
 *   reads it as concrete pavement), so it is offered only for concrete pavement, marked 'title to verify';
 * - no source confirms a Section 602 for drainage; pipe culverts are Section 714 (SC-M-714);
 * - the corpus drawings are G501 (guardrail) and the S series S101-S105 (work zone traffic control),
 *   not 'GR' and 'SS';
 * - the corpus holds no bridge inspection manual: bridge questions get drawing B501 (bridge deck);
 * - environmental guidelines are the stormwater permit and erosion control notes; OSHA is 29 CFR 1926.
 * Keywords come from the product's topic list (app/lib/dashboard/topics.ts), so 'HMA', 'guard rail'
 * or 'MOT' match as they do everywhere else.
 */

export const SUGGESTION_MIN_CHARS = 3
export const MAX_SUGGESTIONS = 3

export interface DocumentSuggestion {
  /** Stable key. */
  id: string
  /** What is appended to the question. */
  reference: string
  title: string
  /** The publication it belongs to. */
  document: string
}

const SPECS_2007 = 'SCDOT Standard Specifications (2007)'
const DRAWINGS = 'SCDOT standard drawing'

const S = {
  section401: { id: 'section-401', reference: 'Section 401', title: 'Section 401 Hot-Mix Asphalt Pavement', document: SPECS_2007 },
  section701: {
    id: 'section-701',
    reference: 'Section 701',
    title: 'Section 701 Portland Cement and Portland Cement Concrete',
    document: SPECS_2007,
  },
  section501: {
    id: 'section-501',
    reference: 'Section 501',
    title: 'Section 501 concrete pavement (title to verify)',
    document: SPECS_2007,
  },
  section714: {
    id: 'section-714',
    reference: 'Section 714',
    title: 'Section 714 Pipe Culverts (SC-M-714)',
    document: 'SCDOT Supplemental Technical Specification SC-M-714 (01/01/21)',
  },
  drawingD601: { id: 'drawing-d601', reference: 'Drawing D601', title: 'Drawing D601 Pipe Culverts: Pipe Type Selection and Installation', document: DRAWINGS },
  drawingG501: { id: 'drawing-g501', reference: 'Drawing G501', title: 'Drawing G501 W-Beam Guardrail Installation', document: DRAWINGS },
  drawingS101: { id: 'drawing-s101', reference: 'Drawing S101', title: 'Drawing S101 Work Zone Advance Warning Signs', document: DRAWINGS },
  drawingS102: { id: 'drawing-s102', reference: 'Drawing S102', title: 'Drawing S102 Arrow Boards and Temporary Signals in Work Zones', document: DRAWINGS },
  drawingS103: { id: 'drawing-s103', reference: 'Drawing S103', title: 'Drawing S103 Work Zone Traffic Control: Tapers and Buffer Space', document: DRAWINGS },
  drawingS104: { id: 'drawing-s104', reference: 'Drawing S104', title: 'Drawing S104 Traffic Control Devices and Flagging', document: DRAWINGS },
  drawingS105: { id: 'drawing-s105', reference: 'Drawing S105', title: 'Drawing S105 Temporary Barriers and Crash Cushions', document: DRAWINGS },
  drawingB501: { id: 'drawing-b501', reference: 'Drawing B501', title: 'Drawing B501 Bridge Deck Concrete and Reinforcement', document: DRAWINGS },
  stormwater: {
    id: 'stormwater-permit',
    reference: 'SCR100000 stormwater permit',
    title: 'Stormwater permits for SCDOT construction (SCR100000)',
    document: 'Environmental guidelines',
  },
  seeding: { id: 'sc-m-810', reference: 'SC-M-810', title: 'SC-M-810 Seeding', document: 'SCDOT Supplemental Technical Specification' },
  osha652: { id: 'osha-1926-652', reference: '29 CFR 1926.652', title: 'OSHA 29 CFR 1926.652 Excavations: protective systems', document: 'OSHA construction standards (29 CFR 1926)' },
  osha1153: { id: 'osha-1926-1153', reference: '29 CFR 1926.1153', title: 'OSHA 29 CFR 1926.1153 Respirable Crystalline Silica', document: 'OSHA construction standards (29 CFR 1926)' },
  oshaG: { id: 'osha-1926-subpart-g', reference: '29 CFR 1926 Subpart G', title: 'OSHA 29 CFR 1926 Subpart G: Signs, Signals and Barricades', document: 'OSHA construction standards (29 CFR 1926)' },
} satisfies Record<string, DocumentSuggestion>

function has(words: string, ...keys: string[]): boolean {
  return keys.some((key) => words.includes(` ${key} `))
}

/** The references for one topic, most specific first, given the question's words (' a b c '). */
function forTopic(topic: TopicName, words: string): DocumentSuggestion[] {
  switch (topic) {
    case 'Asphalt':
      return [S.section401]
    case 'Concrete':
      return has(words, 'pavement', 'joint', 'rigid pavement') ? [S.section701, S.section501] : [S.section701]
    case 'Drainage & Pipe':
      return [S.section714, S.drawingD601]
    case 'Guardrail & Barriers':
      return has(words, 'crash cushion', 'attenuator', 'impact attenuator', 'temporary barrier')
        ? [S.drawingS105, S.drawingG501]
        : [S.drawingG501]
    case 'Signs & Signals':
      return has(words, 'arrow board', 'arrow panel', 'signal') ? [S.drawingS102, S.drawingS101] : [S.drawingS101]
    case 'Work Zone Traffic Control':
      if (has(words, 'flagger', 'flagging', 'flag', 'pilot car')) return [S.drawingS104, S.drawingS103]
      if (has(words, 'arrow board', 'arrow panel')) return [S.drawingS102, S.drawingS103]
      return [S.drawingS103, S.drawingS101]
    case 'Bridge Decks':
      return [S.drawingB501]
    case 'Erosion Control & Seeding':
      return has(words, 'seeding', 'seed', 'grassing', 'hydroseed', 'hydroseeding', 'mulch', 'fertilizer')
        ? [S.seeding, S.stormwater]
        : [S.stormwater, S.seeding]
    case 'Safety (OSHA)':
      if (has(words, 'silica', 'respirator')) return [S.osha1153]
      if (has(words, 'trench', 'trench box', 'shoring', 'excavation')) return [S.osha652]
      return [S.oshaG, S.osha652]
    default:
      // Earthwork, bases, markings, rebar, testing: not among the spec's suggestion keywords.
      return []
  }
}

/** At most 3 suggestions for a question over 3 characters; empty when no keyword matches. */
export function suggestDocuments(query: string): DocumentSuggestion[] {
  if (query.trim().length <= SUGGESTION_MIN_CHARS) return []
  const words = ` ${topicWords(query).join(' ')} `
  let topics = topicsOfQuery(query)
  // Trench and excavation questions are about OSHA 1926.652 as well as earthwork.
  if (!topics.includes('Safety (OSHA)') && has(words, 'trench', 'excavation', 'shoring')) topics = [...topics, 'Safety (OSHA)']
  // A reference already in the question is not suggested again.
  const lower = query.toLowerCase()
  const lists = topics.map((topic) => forTopic(topic, words).filter((s) => !lower.includes(s.reference.toLowerCase())))
  // First the best reference of every matched topic, then the second ones, so several topics share the 3 places.
  const picked: DocumentSuggestion[] = []
  for (let rank = 0; picked.length < MAX_SUGGESTIONS && lists.some((list) => list.length > rank); rank++) {
    for (const list of lists) {
      const suggestion = list[rank]
      if (suggestion && !picked.some((p) => p.id === suggestion.id)) picked.push(suggestion)
      if (picked.length === MAX_SUGGESTIONS) break
    }
  }
  return picked
}

/** The question with a suggestion's reference appended. */
export function appendReference(query: string, suggestion: DocumentSuggestion): string {
  const kept = query.trimEnd()
  return kept === '' ? suggestion.reference : `${kept} ${suggestion.reference}`
}

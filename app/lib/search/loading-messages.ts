import { topicsOfQuery, type TopicName } from '~/lib/dashboard/topics'

/**
 * The loading panel's rotating messages (product-spec §4 'Search': one every 3 s, the first at once,
 * varying by the question's keywords). Pure. They describe what the search really does (full-text and
 * vector retrieval over the corpus, exact number matching, citations), never a step it does not take.
 */

export const LOADING_TITLE = 'Analyzing your query...'
export const LOADING_SUBTITLE = 'Searching specifications and documents'
export const LOADING_ROTATION_MS = 3000

const TOPIC_MESSAGES: Partial<Record<TopicName, string>> = {
  Asphalt: 'Checking hot-mix asphalt requirements (Section 401, SC-M-400)...',
  Concrete: 'Checking Portland cement concrete requirements (Section 701)...',
  Earthwork: 'Looking through earthwork and compaction notes...',
  Bases: 'Looking through base course requirements (Section 300)...',
  'Drainage & Pipe': 'Checking pipe culvert rules (SC-M-714) and drawing D601...',
  'Guardrail & Barriers': 'Reviewing guardrail drawing G501 and barrier notes...',
  'Pavement Markings': 'Checking pavement marking and thermoplastic records...',
  'Signs & Signals': 'Reviewing sign and signal drawings...',
  'Work Zone Traffic Control': 'Reviewing work zone drawings S101 to S105 and MUTCD Part 6 tables...',
  'Bridge Decks': 'Checking bridge deck concrete and reinforcement (drawing B501)...',
  'Erosion Control & Seeding': 'Checking erosion control, seeding and stormwater permit notes...',
  'Reinforcing Steel': 'Checking reinforcing steel requirements (Section 703)...',
  'Testing & Sampling': 'Looking up SC-T test methods and sampling frequencies...',
  'Safety (OSHA)': 'Checking OSHA 29 CFR 1926 construction safety rules...',
}

const GENERAL = [
  'Searching the 2007 and 2025 Standard Specifications...',
  'Matching section, drawing and test numbers exactly...',
  'Ranking passages by wording and meaning...',
  'Gathering exact citations and source links...',
]

/** Section, drawing and test numbers named in the question ('401.4', 'G501', 'SC-T-29'). */
function namedNumbers(query: string): string[] {
  const found = query.match(/\b(?:SC-[A-Z]-\d+(?:\.\d+)?|[A-Z]\d{3}|\d{3}(?:\.\d+)+|\d{3})\b/gi) ?? []
  return [...new Set(found.map((n) => n.toUpperCase()))].slice(0, 3)
}

/** The messages for a question: topic messages first, then exact numbers, then the general steps. */
export function loadingMessages(query: string): string[] {
  const topical = topicsOfQuery(query)
    .map((topic) => TOPIC_MESSAGES[topic])
    .filter((message): message is string => Boolean(message))
    .slice(0, 2)
  const numbers = namedNumbers(query)
  const exact = numbers.length > 0 ? [`Looking up ${numbers.join(', ')} exactly...`] : []
  return [...topical, ...exact, ...GENERAL]
}

/** The message shown `elapsedMs` after the search started (the first at once, then one per 3 s, cycling). */
export function loadingMessageAt(messages: readonly string[], elapsedMs: number): string {
  if (messages.length === 0) return ''
  const step = Math.max(0, Math.floor(elapsedMs / LOADING_ROTATION_MS))
  return messages[step % messages.length]!
}

/**
 * Questions asked before: the tuning questions the fit saw, kept as the facts that answered them
 * (docs/decisions/015, "Asked before"). A new question worded like an earlier one about the same fact
 * ('stripes shiny at night' after 'how bright does new paint read at night') finds that fact even where
 * the words do not meet the corpus's. `npm run fit:search` writes the memory into model.json: for each
 * answerable tuning question, its content stems and the facts among its candidates that answered it.
 *
 * The feature is the closeness of the question to the nearest earlier question that a fact answered:
 * a weighted Jaccard over stems, weighted by the corpus's idf, so shared rare words count and common ones
 * little. Pure: the server and the phone read the same memory from model.json.
 */

/** The memory as model.json stores it: fact key -> the stems of each question it answered, space-joined. */
export type AskedData = Record<string, string[]>

export interface AskedQuestion {
  /** The question's text, so the fit can leave a question's own entry out when it scores that question. */
  id?: string
  /** Its content stems, each once. */
  stems: string[]
}

export type AskedMemory = ReadonlyMap<string, readonly AskedQuestion[]>

const EMPTY: AskedMemory = new Map()
const parsed = new WeakMap<AskedData, AskedMemory>()

/** The memory of a model's stored data, parsed once per data object. */
export function askedMemoryOf(data: AskedData | undefined): AskedMemory {
  if (!data) return EMPTY
  let memory = parsed.get(data)
  if (!memory) {
    memory = new Map(Object.entries(data).map(([key, questions]) => [key, questions.map((q) => ({ stems: [...new Set(q.split(' ').filter(Boolean))] }))]))
    parsed.set(data, memory)
  }
  return memory
}

/** A fact's key in the memory: a hash of its words, the same wherever the fact is printed (FNV-1a, 32 bits). */
export function factKey(body: string): string {
  const text = body.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim()
  let h = 2166136261
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0
  return h.toString(36)
}

/**
 * How close a question is to the nearest earlier question each fact answered, as a function of the fact's key:
 * 0 to 1, the weighted Jaccard of their stems. The question's own stems and their weight are worked out once
 * here, not once per candidate fact. `exclude` leaves one earlier question out (the fit scoring a question the
 * memory holds).
 */
export function askedScorer(memory: AskedMemory, stems: readonly string[], weightOf: (stem: string) => number, exclude?: string): (key: string) => number {
  if (memory.size === 0 || stems.length === 0) return () => 0
  const own = new Set(stems)
  let ownWeight = 0
  for (const stem of own) ownWeight += weightOf(stem)
  return (key) => {
    let best = 0
    for (const earlier of memory.get(key) ?? []) {
      if (exclude !== undefined && earlier.id === exclude) continue
      let shared = 0
      let other = 0
      for (const stem of earlier.stems) {
        const w = weightOf(stem)
        if (own.has(stem)) shared += w
        else other += w
      }
      const union = ownWeight + other
      if (union > 0 && shared / union > best) best = shared / union
    }
    return best
  }
}

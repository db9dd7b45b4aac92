/**
 * The bridge from the words people use on site to the words the documents use (docs/decisions/014):
 * the curated data of corpus/search/field-language.json, which an engineer edits without code.
 *
 * - `same` groups hold interchangeable words ('hma' / 'hot mix asphalt'): a question naming one member
 *   searches for all;
 * - `field` entries say which document terms (`means`) a plain field word (`say`) stands for ('shiny' ->
 *   'retroreflectivity', 'barrels' -> 'drums', 'box' -> 'trench box'): one direction only.
 *
 * Phrases match as whole words after `topicWords` (lower case, punctuation as spaces, a plural 's'
 * dropped). Pure: the server and the browser's offline answerer read the same file (bundled at build).
 */
import { z } from 'zod'
import raw from '../../../../corpus/search/field-language.json'
import { topicWords } from '~/lib/dashboard/topics'
import { tokenize } from './tokenize'

const phrases = z.array(z.string().trim().min(1)).min(1)
export const lexiconSchema = z.object({
  note: z.string().optional(),
  same: z.array(phrases.min(2)),
  field: z.array(z.object({ say: phrases, means: phrases })),
})
export type LexiconData = z.infer<typeof lexiconSchema>

interface Member {
  phrase: string
  /** ' word word ' as topicWords gives it, for whole-word matching in a spaced question. */
  pattern: string
  /** Tokenizer stems of the phrase (what coverage and facts compare). */
  stems: string[]
}

interface Group {
  kind: 'same' | 'field'
  /** Phrases that, present in the question, open the group. */
  triggers: Member[]
  /** Phrases added for a question that opens it ('same': the other members; 'field': the `means`). */
  targets: Member[]
}

export interface Lexicon {
  groups: Group[]
  /** Every word of every phrase: the spelling corrector leaves them alone ('thermo', 'nuke'). */
  words: string[]
  /**
   * The groups with a trigger phrase that starts with each word: a phrase can be in a question only if its
   * first word is, so a question looks at those groups alone instead of every group of the lexicon.
   */
  byFirstWord: Map<string, Set<Group>>
}

function member(phrase: string): Member {
  return { phrase, pattern: ` ${topicWords(phrase).join(' ')} `, stems: tokenize(phrase) }
}

export function compileLexicon(data: LexiconData): Lexicon {
  const groups: Group[] = []
  for (const group of data.same) {
    const members = group.map(member)
    groups.push({ kind: 'same', triggers: members, targets: members })
  }
  for (const entry of data.field) groups.push({ kind: 'field', triggers: entry.say.map(member), targets: entry.means.map(member) })
  const words = new Set<string>()
  for (const phrase of [...data.same.flat(), ...data.field.flatMap((entry) => [...entry.say, ...entry.means])]) {
    for (const word of phrase.toLowerCase().split(/[^a-z]+/)) if (word) words.add(word)
  }
  const byFirstWord = new Map<string, Set<Group>>()
  for (const group of groups) {
    for (const trigger of group.triggers) {
      const first = trigger.pattern.trim().split(' ')[0]
      if (!first) continue
      const listed = byFirstWord.get(first) ?? new Set<Group>()
      listed.add(group)
      byFirstWord.set(first, listed)
    }
  }
  return { groups, words: [...words], byFirstWord }
}

/** The product's lexicon (corpus/search/field-language.json), validated when the module loads. */
export const LEXICON: Lexicon = compileLexicon(lexiconSchema.parse(raw))

function spacedWords(text: string): string {
  return ` ${topicWords(text).join(' ')} `
}

type Opened = Array<{ group: Group; present: Member[] }>

/** The groups a question opens, with the trigger phrases it holds. */
function opened(text: string, lexicon: Lexicon): Opened {
  const spaced = spacedWords(text)
  const candidates = new Set<Group>()
  for (const word of new Set(spaced.trim().split(' '))) for (const group of lexicon.byFirstWord.get(word) ?? []) candidates.add(group)
  const out: Opened = []
  // In the lexicon's order, as before the index: the order of expansions and alternatives depends on it.
  for (const group of lexicon.groups) {
    if (!candidates.has(group)) continue
    const present = group.triggers.filter((m) => m.pattern.trim() !== '' && spaced.includes(m.pattern))
    if (present.length > 0) out.push({ group, present })
  }
  return out
}

/** Phrases to search for besides the question's own words: other members of its groups, the document terms of its field words. */
export function expansionsOf(text: string, lexicon: Lexicon = LEXICON): string[] {
  const spaced = spacedWords(text)
  const out: string[] = []
  for (const { group } of opened(text, lexicon)) {
    for (const target of group.targets) if (!spaced.includes(target.pattern) && !out.includes(target.phrase)) out.push(target.phrase)
  }
  return out
}

/**
 * Other ways a passage may write a question term, as stem lists: for each group the question opens
 * through a phrase holding the term, its targets ('shiny' -> [['retroreflect']], 'hma' -> [['hot', 'mix',
 * 'asphalt'], ...]). A group opens only through a phrase written whole in the question; a field group then
 * applies to every question term its phrases hold. The groups the question opens are worked out once, for
 * all its terms.
 */
export function alternativesFor(text: string, lexicon: Lexicon = LEXICON): (term: string) => string[][] {
  const groups = opened(text, lexicon)
  return (term) => {
    const out: string[][] = []
    for (const { group, present } of groups) {
      // A field group opened by one of its phrases also bridges the other words its phrases pair with the
      // concept: 'how shiny ... at night' opens the group through 'shiny', and 'night' (from 'shiny at night')
      // is then the same request for retroreflectivity, not a word the fact must hold as well.
      const carriers = group.kind === 'field' ? group.triggers : present
      if (!carriers.some((m) => m.stems.includes(term))) continue
      for (const target of group.targets) {
        if (target.stems.length === 0 || present.includes(target)) continue
        if (!out.some((stems) => stems.join(' ') === target.stems.join(' '))) out.push(target.stems)
      }
    }
    return out
  }
}

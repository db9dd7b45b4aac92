/**
 * The extractive answer: the facts (bullets or sentences) of the retrieved passages that best match the
 * question, quoted as written with their bracketed citations. Nothing is added to a fact, so every figure
 * in the answer is in a passage. Pure.
 *
 * A fact's score (0 to about 1.5):
 * - 0.6 x weighted coverage of the question by the fact itself, plus 0.4 x coverage by the fact together
 *   with its passage's title, section and headings (a bullet under '## 810 Permanent seeding' need not
 *   repeat 'seeding');
 * - +0.25 when the question asks for a figure (how much/high/long/often, minimum, spacing, rate...) and the
 *   fact states a quantity; -0.1 when it asks for one and the fact has none; +0.05 for a quantity otherwise;
 * - x0.5 for a fact that only restates its record's title, x0.6 for a catalogue card's description;
 * - x0.75 for a fact (with its headings) without the question's focus, its rarest term that some passage
 *   holds ('slump' in 'slump of Class 4000 concrete': a fact on Class 4000 strength does not answer it);
 * - +0.2 when the question names a section/drawing/test number, the passage matched it exactly and the
 *   fact or the passage's section names it;
 * - +0.15 for a fact with a formula ('=') when the question asks for a formula or a calculation;
 * - +0.1 / (1 + rank) for the retrieval order.
 * The best fact leads (for a figure question, the best fact with a figure that scores at least 60 % of
 * the best); up to three more follow when they score at least 60 % of the best (and 0.3), at
 * most two from one passage, none that repeats a chosen fact (see `repeats`), and only facts with figures
 * after a lead with a figure when the question asks for one.
 */
import type { Passage } from './types'
import { CONSIDERED_PASSAGES, type Evidence } from './evidence'
import { coverage, factsOf, headingStems, quantitiesOf, saysNoConfirmedValue, termFound, type Fact } from './text'

export interface SelectedFact {
  fact: Fact
  passage: Passage
  /** Index of the passage in the retrieval order. */
  rank: number
  score: number
  /** Weighted coverage of the question by the fact and its passage's headings. */
  coverage: number
}

export const MAX_FACTS = 4
const MAX_FACTS_PER_PASSAGE = 2
const MIN_SCORE = 0.3
const RELATIVE_SCORE = 0.6

/**
 * The question's focus: a term that some passage holds and that is clearly rarer than the question's
 * other words (weight at least 1.5 times their mean): 'slump' in 'slump of Class 4000 concrete'.
 * Null when no term stands out, and for a one-term question.
 */
function focusTerm(evidence: Evidence): string | null {
  const { terms, weights, stems } = evidence
  // Figures the question gives ('55 mph') are parameters, not its subject.
  const present = terms.terms.filter((term) => !/\d/.test(term) && stems.some((set) => termFound(terms, term, set)))
  if (present.length < 2) return null
  const weightOf = (term: string) => weights.get(term) ?? 1
  const focus = present.reduce((best, term) => (weightOf(term) > weightOf(best) ? term : best))
  const others = present.filter((term) => term !== focus)
  const mean = others.reduce((sum, term) => sum + weightOf(term), 0) / others.length
  return weightOf(focus) >= 1.5 * mean ? focus : null
}

/** The fact, or its passage's section, names a number the question asked about. */
function namesNumber(numbers: readonly string[], body: string, passage: Passage): boolean {
  if (numbers.length === 0) return false
  const text = body.toLowerCase()
  const section = (passage.section ?? '').toLowerCase()
  return numbers.some((number) => text.includes(number) || section.startsWith(number) || section.endsWith(number))
}

/** Every fact of the considered passages with its score, best first. */
export function scoreFacts(evidence: Evidence, passages: readonly Passage[]): SelectedFact[] {
  const { terms, weights } = evidence
  const focus = focusTerm(evidence)
  const scored: SelectedFact[] = []
  passages.slice(0, CONSIDERED_PASSAGES).forEach((passage, rank) => {
    const heading = headingStems(passage)
    for (const fact of factsOf(passage.text)) {
      const own = fact.stems
      const ownCoverage = coverage(terms, own, weights)
      const withContext = coverage(terms, [own, heading], weights)
      let score = 0.6 * ownCoverage + 0.4 * withContext
      const hasQuantity = quantitiesOf(fact.body).length > 0
      if (terms.wantsFigure) score += hasQuantity ? 0.25 : -0.1
      else if (hasQuantity) score += 0.05
      const exact = passage.scores.exact && namesNumber(terms.numbers, fact.body, passage)
      if (exact) score += 0.2
      if (terms.wantsFormula && /=/.test(fact.body)) score += 0.15
      score += 0.1 / (1 + rank)
      if (ownCoverage === 0 && !exact) score *= 0.5
      // A fact that only restates its record's title, or a catalogue card's description, says little.
      if ([...own].every((stem) => heading.has(stem))) score *= 0.5
      if (passage.documentKind === 'catalogue') score *= 0.6
      if (focus && !termFound(terms, focus, own, heading)) score *= 0.75
      scored.push({ fact, passage, rank, score, coverage: withContext })
    }
  })
  return scored.sort((a, b) => b.score - a.score || a.rank - b.rank)
}

/** The facts the answer quotes: the best, then up to three more that score close to it. */
export function selectFacts(evidence: Evidence, passages: readonly Passage[], maxFacts = MAX_FACTS): SelectedFact[] {
  const scored = scoreFacts(evidence, passages)
  const top = scored[0]
  if (!top || top.score < MIN_SCORE) return []
  const floor = Math.max(MIN_SCORE, RELATIVE_SCORE * top.score)
  // A question that asks for a figure leads with the best fact that states one, when it scores close enough.
  // The corpus saying it holds no confirmed value is itself the answer (confidence.ts abstains on it).
  const promote = evidence.terms.wantsFigure && !saysNoConfirmedValue(top.fact)
  const withFigure = promote ? scored.find((fact) => fact.score >= floor && quantitiesOf(fact.fact.body).length > 0) : undefined
  // When the corpus says it holds no confirmed value, in words closer to the question than the lead (more
  // of its terms, or its focus where the lead lacks it), that statement leads (confidence.ts then abstains): a figure on a neighbouring
  // subject is not an answer. A how-to question is exempt: its answer is a method, not a value.
  const lead = withFigure ?? top
  const focus = focusTerm(evidence)
  const hasFocus = (fact: SelectedFact) => focus !== null && termFound(evidence.terms, focus, fact.fact.stems, headingStems(fact.passage))
  const closer = (fact: SelectedFact) => fact.coverage > lead.coverage || (hasFocus(fact) && !hasFocus(lead))
  const negative = evidence.terms.wantsFormula
    ? undefined
    : scored.find((fact) => fact.score >= floor && saysNoConfirmedValue(fact.fact) && closer(fact))
  const best = negative ?? lead
  if (best !== top) {
    scored.splice(scored.indexOf(best), 1)
    scored.unshift(best)
  }
  // A question that asks for a figure, answered by a fact with one, gets only facts with figures after it.
  const figuresOnly = evidence.terms.wantsFigure && quantitiesOf(best.fact.body).length > 0
  const chosen: Array<SelectedFact & { figures: string[] }> = []
  const perPassage = new Map<string, number>()
  for (const candidate of scored) {
    if (chosen.length >= maxFacts || candidate.score < floor) break
    const figures = quantitiesOf(candidate.fact.body)
    if (figuresOnly && figures.length === 0) continue
    const count = perPassage.get(candidate.passage.chunkId) ?? 0
    if (count >= MAX_FACTS_PER_PASSAGE) continue
    if (chosen.some((other) => repeats(other.fact.stems, other.figures, candidate.fact.stems, figures))) continue
    perPassage.set(candidate.passage.chunkId, count + 1)
    chosen.push({ ...candidate, figures })
  }
  return chosen.map(({ figures: _figures, ...fact }) => fact)
}

/**
 * The corpus states a figure in several records (drawing, cheat sheet, spec note) in near-identical words:
 * a fact repeats a chosen one when it adds no figure and shares most of its words.
 */
function repeats(chosenStems: ReadonlySet<string>, chosenFigures: string[], stems: ReadonlySet<string>, figures: string[]): boolean {
  const shared = [...stems].filter((stem) => chosenStems.has(stem)).length
  const overlap = shared / Math.max(1, Math.min(stems.size, chosenStems.size))
  const newFigure = figures.some((figure) => !chosenFigures.includes(figure))
  return overlap >= 0.8 || (!newFigure && overlap >= 0.5)
}

/** The passages the chosen facts come from, in retrieval order, once each. */
export function passagesUsed(facts: readonly SelectedFact[]): Passage[] {
  const byRank = [...facts].sort((a, b) => a.rank - b.rank)
  const seen = new Set<string>()
  return byRank.filter((f) => (seen.has(f.passage.chunkId) ? false : (seen.add(f.passage.chunkId), true))).map((f) => f.passage)
}

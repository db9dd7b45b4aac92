// Prints how the search core decides one or more questions: the answer type, the rule or the answer
// model's probability, the confidence, and the best facts with their probabilities and features.
// For an engineer tuning the core on the tuning sets (never on the test half).
// Usage: npx tsx scripts/debug-question.ts [--data-dir DIR] "question" ["question" ...]
import { CANDIDATES } from '../app/lib/search/chain.server'
import { decide } from '../app/lib/search/core/decide'
import { ANSWER_FEATURES } from '../app/lib/search/core/model'
import { FACT_FEATURES } from '../app/lib/search/core/rank'
import { questionTerms } from '../app/lib/search/core/text'
import { retrieve } from '../app/lib/search/retrieve.server'
import { getCorpusKnowledge } from '../app/lib/search/vocabulary.server'
import { openCorpusDatabase } from './corpus-database'

const args = process.argv.slice(2)
const dirIndex = args.indexOf('--data-dir')
// A database made for this run only is removed at the end; one named with --data-dir is kept for the next run.
const database = await openCorpusDatabase({ dataDir: dirIndex < 0 ? null : args.splice(dirIndex, 2)[1], prefix: 'debug-question' })
const { handle } = database
const { stats } = await getCorpusKnowledge(handle)
for (const q of args) {
  const { analysis, passages } = await retrieve(handle, q, { specBook: 'both', limit: CANDIDATES })
  const terms = questionTerms(analysis)
  const d = decide(analysis, terms, passages, stats)
  console.log(`\n## ${q}\n  corrected: ${analysis.corrected}  type: ${d.answerType}  terms: ${terms.terms.join(' ')}  figure:${terms.wantsFigure} formula:${terms.wantsFormula}`)
  console.log(`  verdict: ${d.verdict.confidence} p=${d.verdict.probability.toFixed(3)} rule=${d.rule} (${d.verdict.reason})`)
  console.log('  answer features: ' + ANSWER_FEATURES.map((name, i) => `${name}=${(d.answerFeatures[i] ?? 0).toFixed(2)}`).join(' '))
  for (const c of d.candidates.slice(0, 5)) {
    const f = FACT_FEATURES.map((name, i) => `${name}=${(c.features[i] ?? 0).toFixed(2)}`).filter((s) => !s.endsWith('=0.00')).join(' ')
    console.log(`  - p=${c.probability.toFixed(3)} rank=${c.rank} [${c.passage.documentTitle} / ${c.passage.section ?? ''}] ${c.fact.body.slice(0, 160)}\n      ${f}`)
  }
}
await database.close()

#!/usr/bin/env node
/**
 * Checks a plain-language field set against the corpus, with plain Node (no packages), so a set can be
 * checked before anything is installed:
 *   node tests/eval/check-field-language.mjs                       the held-out set (tune and test halves)
 *   node tests/eval/check-field-language.mjs --tuning-only [file]  a tuning set (field-language-tune2.jsonl)
 *
 * - Schema: the fields and values the README lists, and no others.
 * - Every answerable line: one `answer_any` string is in the text of its `source` file, and one
 *   `cite_any` string is in that file's front matter or `#` headings. A further `cite_any` string may
 *   name another record that holds the same fact: it must be in the front matter or headings of a
 *   corpus record whose text holds one of the line's `answer_any` strings.
 * - No bare single-digit `answer_any` (a wrong answer would contain it by chance).
 * - No answerable question gives its answer away: no `answer_any` string is in the question itself.
 * - No question repeated, here or in the other eval sets.
 * - Counts: the held-out set has at least 150 answerable (4 per topic), 30 unknown-in-domain and 20
 *   out-of-scope lines and both halves of the split in every topic; a tuning set is all `tune`, with at least
 *   220 answerable (6 per topic), 45 unknown-in-domain and 30 out-of-scope lines. Every corpus folder is
 *   used as a source.
 *
 * Matching ignores case and whitespace, as tests/eval/score.ts does. Exits 1 on any problem.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const root = join(here, '..', '..')
const TUNING_ONLY = process.argv.includes('--tuning-only')
const fileArg = process.argv.slice(2).find((arg) => !arg.startsWith('--'))
const setPath = fileArg ?? join(here, TUNING_ONLY ? 'field-language-tune2.jsonl' : 'field-language.jsonl')

const TOPICS = [
  'asphalt', 'concrete', 'earthwork', 'bases', 'drainage', 'pipe', 'guardrail', 'barriers',
  'pavement markings', 'thermoplastic', 'signs', 'signals', 'work zone', 'traffic control', 'bridge deck',
  'erosion control', 'seeding', 'reinforcing steel', 'testing', 'sampling', 'safety', 'quality assurance',
]
const FOLDERS = ['specs/2007', 'specs/2025', 'supplemental', 'test-methods', 'manual', 'federal', 'drawings', 'cheat-sheets', 'defects']
const KINDS = ['answer', 'unknown-in-domain', 'out-of-scope']
const ANSWER_KEYS = ['q', 'expect', 'answer_any', 'cite_any', 'topic', 'kind', 'style', 'split', 'source']
const UNKNOWN_KEYS = ['q', 'expect', 'topic', 'kind', 'style', 'split']
const MIN = TUNING_ONLY
  ? { answer: 220, 'unknown-in-domain': 45, 'out-of-scope': 30, perTopic: 6 }
  : { answer: 150, 'unknown-in-domain': 30, 'out-of-scope': 20, perTopic: 4 }

/** Whether the question already holds an answer string as whole words (so an answer that repeats it would pass). */
function givesAway(question, figure) {
  const words = (text) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim()
  const escaped = words(figure).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(^|[^a-z0-9])${escaped}($|[^a-z0-9])`).test(words(question))
}

const normalize = (text) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, '')

/** Front matter (between the opening `---` lines) and the `#` heading lines of a Markdown record. */
function citable(text) {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(text)
  const frontMatter = match ? match[1] : ''
  const body = match ? text.slice(match[0].length) : text
  const headings = body.split('\n').filter((line) => /^#{1,6}\s/.test(line))
  return normalize([frontMatter, ...headings].join('\n'))
}

function corpusRecords() {
  const records = new Map()
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.md') && entry.name !== 'README.md') {
        const text = readFileSync(path, 'utf8')
        records.set(relative(root, path).split('\\').join('/'), { text: normalize(text), citable: citable(text) })
      }
    }
  }
  walk(join(root, 'corpus'))
  return records
}

function otherQuestions() {
  const files = [join(here, 'questions.jsonl'), join(here, 'paraphrases.jsonl'), join(root, '..', 'shared', 'eval', 'dev-questions.jsonl')]
  const seen = new Set()
  for (const file of files) {
    if (!existsSync(file)) continue
    for (const line of readFileSync(file, 'utf8').split('\n')) if (line.trim()) seen.add(normalize(JSON.parse(line).q))
  }
  return seen
}

const isStringArray = (value, min, max) =>
  Array.isArray(value) && value.length >= min && value.length <= max && value.every((s) => typeof s === 'string' && s.trim() !== '')

function main() {
  const problems = []
  const records = corpusRecords()
  const others = otherQuestions()
  const seen = new Set()
  const lines = []

  readFileSync(setPath, 'utf8').split('\n').forEach((raw, index) => {
    if (raw.trim() === '') return
    const at = `line ${index + 1}`
    let line
    try {
      line = JSON.parse(raw)
    } catch (error) {
      problems.push(`${at}: not JSON (${error.message})`)
      return
    }
    const say = (message) => problems.push(`${at} (${JSON.stringify(line.q)}): ${message}`)
    const expectedKeys = line.expect === 'answer' ? ANSWER_KEYS : UNKNOWN_KEYS
    const keys = Object.keys(line)
    for (const key of keys) if (!expectedKeys.includes(key)) say(`unexpected field '${key}'`)
    for (const key of expectedKeys) if (!(key in line)) say(`missing field '${key}'`)
    if (typeof line.q !== 'string' || line.q.trim() === '') say('q must be a non-empty string')
    if (!['answer', 'unknown'].includes(line.expect)) say(`expect '${line.expect}' is not answer or unknown`)
    if (!KINDS.includes(line.kind)) say(`kind '${line.kind}' is not one of ${KINDS.join(', ')}`)
    if ((line.kind === 'answer') !== (line.expect === 'answer')) say(`kind '${line.kind}' does not match expect '${line.expect}'`)
    if ((line.kind === 'out-of-scope') !== (line.topic === 'out-of-scope')) say(`topic '${line.topic}' does not match kind '${line.kind}'`)
    if (line.topic !== 'out-of-scope' && !TOPICS.includes(line.topic)) say(`topic '${line.topic}' is not a corpus topic`)
    if (line.style !== 'plain') say(`style must be 'plain'`)
    if (TUNING_ONLY ? line.split !== 'tune' : !['tune', 'test'].includes(line.split)) say(`split '${line.split}' is not ${TUNING_ONLY ? 'tune (this set is for tuning only)' : 'tune or test'}`)
    if (typeof line.q === 'string') {
      const q = normalize(line.q)
      if (seen.has(q)) say('question repeated in this set')
      if (others.has(q)) say('question copied from another eval set')
      seen.add(q)
    }

    if (line.expect === 'answer') {
      if (!isStringArray(line.answer_any, 1, 4)) say('answer_any must hold 1 to 4 non-empty strings')
      if (!isStringArray(line.cite_any, 1, 3)) say('cite_any must hold 1 to 3 non-empty strings')
      const record = records.get(line.source)
      if (!record) say(`source '${line.source}' is not a corpus record`)
      if (record && isStringArray(line.answer_any, 1, 4) && isStringArray(line.cite_any, 1, 3)) {
        for (const figure of line.answer_any) if (/^\d$/.test(figure.trim())) say(`answer_any '${figure}' is a bare single digit`)
        // An either-or question ('rigid or flexible?') names its answer by nature.
        const eitherOr = typeof line.q === 'string' && /\bor\b/i.test(line.q)
        for (const figure of line.answer_any) if (typeof line.q === 'string' && !eitherOr && givesAway(line.q, figure)) say(`answer_any '${figure}' is in the question itself`)
        const figures = line.answer_any.map(normalize)
        if (!figures.some((figure) => record.text.includes(figure))) say(`no answer_any string is in ${line.source}`)
        const cites = line.cite_any.map(normalize)
        if (!cites.some((cite) => record.citable.includes(cite))) say(`no cite_any string is in the front matter or headings of ${line.source}`)
        for (const [i, cite] of cites.entries()) {
          const named = [...records.values()].some((other) => other.citable.includes(cite) && figures.some((figure) => other.text.includes(figure)))
          if (!named) say(`cite_any '${line.cite_any[i]}' names no corpus record that holds the answer`)
        }
      }
    }
    lines.push(line)
  })

  // Counts.
  const count = (pick) => lines.reduce((map, line) => map.set(pick(line), (map.get(pick(line)) ?? 0) + 1), new Map())
  const byKind = count((l) => l.kind)
  for (const kind of KINDS) if ((byKind.get(kind) ?? 0) < MIN[kind]) problems.push(`only ${byKind.get(kind) ?? 0} lines of kind ${kind} (need ${MIN[kind]})`)
  const answerable = lines.filter((l) => l.kind === 'answer')
  const byTopic = count((l) => `${l.topic}|${l.kind}|${l.split}`)
  for (const topic of TOPICS) {
    const n = answerable.filter((l) => l.topic === topic).length
    if (n < MIN.perTopic) problems.push(`topic ${topic}: only ${n} answerable lines (need ${MIN.perTopic})`)
    if (!TUNING_ONLY) for (const split of ['tune', 'test']) if (!lines.some((l) => l.topic === topic && l.split === split)) problems.push(`topic ${topic} has no ${split} line`)
  }
  if (!TUNING_ONLY) {
    for (const split of ['tune', 'test']) {
      for (const kind of KINDS) if (!lines.some((l) => l.kind === kind && l.split === split)) problems.push(`kind ${kind} has no ${split} line`)
    }
  }
  const byFolder = count((l) => FOLDERS.find((f) => l.source?.startsWith(`corpus/${f}/`)) ?? '(none)')
  for (const folder of FOLDERS) if (!byFolder.get(folder)) problems.push(`no answerable line takes its figure from corpus/${folder}`)

  // Report.
  const pad = (s, n) => String(s).padEnd(n)
  console.log(`${relative(root, setPath)}: ${lines.length} lines`)
  console.log(`\nby kind and split`)
  for (const kind of KINDS) {
    const tune = lines.filter((l) => l.kind === kind && l.split === 'tune').length
    const test = lines.filter((l) => l.kind === kind && l.split === 'test').length
    console.log(`  ${pad(kind, 20)} ${pad(tune + test, 4)} tune ${pad(tune, 4)} test ${test}`)
  }
  console.log(`\nby topic (answer tune/test, unknown-in-domain tune/test)`)
  for (const topic of [...TOPICS, 'out-of-scope']) {
    const cell = (kind) => `${byTopic.get(`${topic}|${kind}|tune`) ?? 0}/${byTopic.get(`${topic}|${kind}|test`) ?? 0}`
    console.log(`  ${pad(topic, 20)} answer ${pad(cell('answer'), 7)} unknown-in-domain ${pad(cell('unknown-in-domain'), 5)}${topic === 'out-of-scope' ? ` out-of-scope ${cell('out-of-scope')}` : ''}`)
  }
  console.log(`\nanswerable lines by corpus folder of their source`)
  for (const folder of FOLDERS) console.log(`  ${pad(folder, 14)} ${byFolder.get(folder) ?? 0}`)

  if (problems.length > 0) {
    console.error(`\n${problems.length} problem(s):`)
    for (const problem of problems) console.error(`  ${problem}`)
    process.exit(1)
  }
  console.log('\nOK')
}

main()

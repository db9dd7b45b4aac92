/**
 * The suggestion fields of a search result: cheat sheets, calculators, feature suggestions, Inspector
 * Tips and the engagement line. Pure (the cheat-sheet records are passed in).
 */
import { CATALOGUE, REBAR_POUNDS_PER_FOOT, searchCalculators, type CalculatorId, type RebarSize } from '~/lib/calculators/index'
import { cheatSheetIdForTopic, FALLBACK_CHEAT_SHEET_ID, type CheatSheetKeywords } from '~/lib/corpus/cheat-sheet-topic'
import { VERIFICATION_NOTICE } from '~/lib/corpus/schema'
import { topicByName, topicsOfQuery } from '~/lib/dashboard/topics'
import { tokenize } from './tokenize'
import type { FeatureSuggestion, Passage } from './types'
import type { SelectedFact } from './decide'
import { coverage, factsOf, type QuestionTerms } from './text'

export const MAX_SUGGESTIONS = 3

export interface CheatSheetInfo extends CheatSheetKeywords {
  criticalChecks: readonly string[]
}

/** Topic -> sheet id per list of sheets (the list is loaded once and reused, the topics recur). */
const topicCache = new WeakMap<readonly CheatSheetKeywords[], Map<string, string | null>>()

/** A sheet id from a topic name, or null when only the product's fallback (bridge-deck) would match. */
function sheetForTopic(topic: string, sheets: readonly CheatSheetKeywords[]): string | null {
  let cache = topicCache.get(sheets)
  if (!cache) topicCache.set(sheets, (cache = new Map()))
  let id = cache.get(topic)
  if (id === undefined) {
    const found = cheatSheetIdForTopic(topic, sheets)
    id = found === FALLBACK_CHEAT_SHEET_ID && !/\b(bridge|deck)/i.test(topic) ? null : found
    cache.set(topic, id)
  }
  return id
}

/**
 * Cheat sheets: the question's topics first (topicsOfQuery, with each topic's own sheet), then the topics
 * of the passages the answer used. Only ids that exist; at most three.
 */
export function cheatSheetSuggestions(query: string, used: readonly Passage[], sheets: readonly CheatSheetKeywords[]): string[] {
  const known = new Set(sheets.map((sheet) => sheet.id))
  const ids: string[] = []
  const add = (id: string | null) => {
    if (id && known.has(id) && !ids.includes(id)) ids.push(id)
  }
  for (const name of topicsOfQuery(query)) add(topicByName(name).cheatSheetId ?? sheetForTopic(name, sheets))
  for (const passage of used) {
    if (passage.documentKind === 'cheat-sheet') add(/([a-z-]+)\.md$/.exec(passage.documentId)?.[1] ?? null)
    for (const topic of passage.topics) add(sheetForTopic(topic, sheets))
  }
  return ids.slice(0, MAX_SUGGESTIONS)
}

/** Field words that point at one calculator (checked on the question, lower case). */
const CALCULATOR_CUES: ReadonlyArray<[RegExp, CalculatorId]> = [
  [/\btack\b/, 'tack-rate'],
  [/\b(spread rate|spread|yield|tonnage|tons|lbs?\s*\/\s*sy|pounds per square yard|application rate)\b/, 'asphalt-rate'],
  [/\b(random cores?|core locations?|random numbers?|where .*cores?)\b/, 'random-cores'],
  [/\b(rebar|bar|bars)\b.*\b(weight|weigh|lbs?|pounds?)\b|\b(weight|weigh|lbs?|pounds?)\b.*\b(rebar|bar|bars)\b/, 'rebar-weight'],
  [/\b(compaction|density)\b.*\b(percent|percentage|%)|\b(percent|percentage) compaction\b/, 'compaction-percentage'],
  [/\b(concrete volume|cubic yards?|yardage|how many yards|cy of concrete|yards of concrete)\b/, 'concrete-volume'],
  [/\b(pipe (grade|slope)|grade of (a|the)? ?pipe|slope of (a|the)? ?pipe|invert elevations?|pipe fall)\b/, 'pipe-grade'],
  [/\b(convert|conversion|celsius|fahrenheit to|metric|mpa|kilograms?|meters?)\b/, 'unit-conversion'],
]

/** Calculators for the question: field cues first, then the catalogue's own search on the whole question. */
export function calculationSuggestions(query: string): CalculatorId[] {
  const text = query.toLowerCase()
  const ids: CalculatorId[] = []
  for (const [cue, id] of CALCULATOR_CUES) if (cue.test(text) && !ids.includes(id)) ids.push(id)
  if (text.trim().length >= 3) for (const entry of searchCalculators(query)) if (!ids.includes(entry.id)) ids.push(entry.id)
  return ids.slice(0, MAX_SUGGESTIONS)
}

/** How each calculator works, as the calculators module (app/lib/calculators) computes it. */
const CALCULATOR_FORMULAS: Record<CalculatorId, string> = {
  'asphalt-rate': 'rate (lbs/SY) = tons placed x 2000 / square yards, where square yards = length (ft) x width (ft) / 9',
  'tack-rate':
    'rate (gal/SY) = gallons used x temperature multiplier / square yards, where gallons used = total - last reading and the multiplier is 1 - 0.000122 x (temperature °F - 39)',
  'random-cores':
    'lot length from the stations; 2 cores for a lot up to 1,000 ft, otherwise length / 500 rounded up; one core per equal section, at random number / 1000 of the section length',
  'concrete-volume': 'cubic yards = length x width x depth (ft) / 27',
  'compaction-percentage': 'percent compaction = field density / maximum density x 100, compared with 95 %',
  'rebar-weight': 'weight (lbs) = length (ft) x unit weight (lbs/ft) of the bar size',
  'pipe-grade': 'grade % = (start invert elevation - end invert elevation) / length x 100',
  'unit-conversion': 'cubic feet to cubic yards, °F to °C, psi to MPa, feet to meters, pounds to kilograms',
}

const HOW_TO = /\b(how (do|can|would|should) (i|you|we)|how to|figure|compute|calculate|calculation|formula|work out|determine|weight of|where do i take)\b/i

/**
 * One line naming the product's calculator for a 'how do I work out...' question, with its formula (and,
 * for rebar, the unit weight of the bar size named). Marked as the product's own tool, not an SCDOT text.
 */
export function calculatorNote(query: string, calculators: readonly CalculatorId[]): string | null {
  const id = calculators[0]
  if (!id || !HOW_TO.test(query) || !CALCULATOR_CUES.some(([cue, cueId]) => cueId === id && cue.test(query.toLowerCase()))) return null
  const entry = CATALOGUE.find((candidate) => candidate.id === id)!
  let formula = CALCULATOR_FORMULAS[id]
  if (id === 'rebar-weight') {
    const size = /(?:#|\bno\.?\s*|\bnumber\s+|\bsize\s+)(\d{1,2})\b/i.exec(query)?.[1]
    const key = size ? (`#${size}` as RebarSize) : null
    if (key && key in REBAR_POUNDS_PER_FOOT) formula += `; a ${key} bar is ${REBAR_POUNDS_PER_FOOT[key]} lbs/ft`
  }
  return `Product tool: the ${entry.name} calculator in Field Calculations works this out: ${formula}. [product calculator, not an SCDOT document]`
}

export const FORM_FILLER_ROUTE = '/ar-inspection'
export const PHOTO_ANALYSIS_ROUTE = '/?mode=photo'

/** The inspection forms of §3 the form filler suggestion can preselect. */
export type SuggestedFormId = '400.04' | '300.02' | '100.10'

const ASPHALT_FORM = /\b(asphalt|hma|hot[-\s]?mix|bituminous|paving|paver|mat temperature|tack)\b/i
const CONCRETE_FORM = /\b(concrete|pcc|pour|pours|poured|pouring|slump|air content|cylinders?)\b/i

/** The form for a question's topic: asphalt/HMA 400.04, concrete/pour/slump 300.02, otherwise the daily report 100.10. */
export function formIdFor(query: string): SuggestedFormId {
  if (ASPHALT_FORM.test(query)) return '400.04'
  if (CONCRETE_FORM.test(query)) return '300.02'
  return '100.10'
}

/** Questions about field records: the form filler helps. */
const FORM_CUES =
  /\b(reports?|reporting|daily|diary|logs?|logging|records?|recording|document(ing)?|forms?|paperwork|inspect(ing|ion|ions|or|ors)?|pours?|pouring|placement|placing|paving|tonnage|slump|mat temperature|workforce)\b/i
/** Questions about what is changing in the industry: the trend insights help. */
const TREND_CUES = /\b(trends?|trending|industry|news|latest|what'?s new|recent (changes|updates)|new (rules?|regulations?|requirements?|standards?))\b/i
/** Questions about something seen on site or on a sheet: photo analysis helps. */
const PHOTO_CUES =
  /\b(photos?|pictures?|images?|plan sheets?|plans|cracks?|cracking|cracked|defects?|damaged?|distress|potholes?|rut|ruts|rutting|spall(s|ing|ed)?|scaling|ravel(l)?ing|bleeding|flushing|honeycomb(ing)?|delaminat\w*|washouts?|settlement|sinkholes?|failures?|failing|deteriorat\w*|what is this|identify)\b/i

const FORM_NAMES: Record<SuggestedFormId, string> = {
  '400.04': 'Hot Mix Asphalt Construction Daily Report',
  '300.02': 'Concrete Pour Inspection Form',
  '100.10': 'Daily Construction Inspection Report',
}

/**
 * Features to suggest for a question (types of §3): the form filler when the question is about field
 * records (with the form for its topic, which the results view stores under 'preselected_form'), photo
 * analysis when it is about something seen on site or on a plan sheet (not for a result that came from a
 * photo), then voice search (the microphone on the home search box) and achievements (the dashboard).
 * Industry trends are suggested for questions about news, trends or what is changing. 'document_scanner'
 * is not suggested: no such screen exists.
 */
export function featureSuggestions(query = '', options: { fromPhoto?: boolean } = {}): FeatureSuggestion[] {
  const features: FeatureSuggestion[] = []
  if (FORM_CUES.test(query)) {
    const formId = formIdFor(query)
    features.push({
      type: 'form_filler',
      title: 'Inspection Form Filler',
      description: `Fill in the ${formId} ${FORM_NAMES[formId]} by scanning a printed form or speaking each field, then save it with your records.`,
      route: FORM_FILLER_ROUTE,
      formId,
      buttonText: 'Open Form Filler',
    })
  }
  if (!options.fromPhoto && PHOTO_CUES.test(query)) {
    features.push({
      type: 'photo_analysis',
      title: 'Photo Analysis',
      description: 'Upload a photo, plan sheet or PDF: the text on it is read and matched to the specifications, and a defect you describe is checked against the defect guide.',
      route: PHOTO_ANALYSIS_ROUTE,
      buttonText: 'Analyze a Photo',
    })
  }
  if (TREND_CUES.test(query)) {
    features.push({
      type: 'trends_analysis',
      title: 'Industry Trends',
      description: 'See what the latest department, OSHA and industry news and other inspectors\' search topics show for your area, with the related specifications.',
      route: '/trends',
      buttonText: 'View Trends',
    })
  }
  features.push(
    {
      type: 'voice_search',
      title: 'Voice Search',
      description: 'Ask your next question hands-free: tap the microphone on the search box and speak.',
      route: '/#search',
      buttonText: 'Try Voice Search',
    },
    {
      type: 'achievements',
      title: 'Your Achievements',
      description: 'Your searches count toward milestones on your home dashboard.',
      route: '/',
      buttonText: 'View Dashboard',
    },
  )
  return features
}

const CHECK_WORDS = /\b(check|measure|verify|inspect|record|confirm|critical|tear-out|do not|never|must|before|re-check|reject)\b/i

/**
 * Inspector Tips, grounded: checks from the drawing and cheat-sheet passages retrieved, then the critical
 * checks of the suggested cheat sheets, that share a term with the question and are not already in the
 * answer; at most three, then the verification reminder.
 */
export function inspectorTips(
  terms: QuestionTerms,
  passages: readonly Passage[],
  answerFacts: readonly SelectedFact[],
  sheets: readonly CheatSheetInfo[],
  suggestedSheets: readonly string[],
): string[] {
  const inAnswer = new Set(answerFacts.map((fact) => fact.fact.body.toLowerCase()))
  const tips: string[] = []
  const consider = (text: string, body: string, stems?: ReadonlySet<string>) => {
    if (tips.length >= MAX_SUGGESTIONS || inAnswer.has(body.toLowerCase()) || tips.includes(text)) return
    if (!CHECK_WORDS.test(body) || /^official reference:/i.test(body) || coverage(terms, stems ?? tokenize(body)) === 0) return
    tips.push(text)
  }
  for (const passage of passages.slice(0, 8)) {
    if (passage.documentKind !== 'drawing' && passage.documentKind !== 'cheat-sheet') continue
    for (const fact of factsOf(passage.text)) consider(fact.text, fact.body, fact.stems)
  }
  for (const id of suggestedSheets) {
    const sheet = sheets.find((candidate) => candidate.id === id)
    for (const check of sheet?.criticalChecks ?? []) consider(check.replace(/\s+/g, ' ').trim(), check.replace(/\[[^\]]*\]\s*$/, ''))
  }
  return [...tips, VERIFICATION_NOTICE]
}

export function engagementText(used: readonly Passage[], retrieved: number): string {
  const documents = new Set(used.map((passage) => passage.documentId)).size
  const passages = used.length
  return `Answer drawn from ${passages} passage${passages === 1 ? '' : 's'} in ${documents} document${documents === 1 ? '' : 's'} of the SCDOT corpus (${retrieved} passage${retrieved === 1 ? '' : 's'} searched and ranked).`
}

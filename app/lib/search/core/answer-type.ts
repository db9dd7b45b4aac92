/**
 * What a question asks for, and what kinds of answer a fact holds, so the fact whose figure and unit
 * answer the question can lead (a height for 'how tall', a duration for 'how long can I hold', a date for
 * 'when did', a test method for 'which test'). Pure.
 */

export const ANSWER_TYPES = [
  'length', // a size, dimension, distance or spacing: ft, in, mile
  'temperature',
  'duration', // minutes, hours, days, months, years
  'date',
  'rate', // per square yard, per foot, per acre, gallons per
  'percent',
  'count', // how many, how often, every
  'weight', // lb, tons
  'strength', // psi, pressure
  'speed', // mph
  'money', // dollars: a fine, a price, a wage
  'torque', // ft-lb
  'brightness', // a retroreflectivity reading: mcd/m2/lx ('how shiny at night', 'what should the retro meter read')
  'reference', // which test, standard, form, section, table, spec
  'who', // an office or a role
  'name', // what is it called, what does X stand for
  'definition', // what is SC-T-29, what does Section 105 cover: the sentence that says what a thing is
  'action', // what do I do, how do they fix it, now what: a recommended action (the defect guide's, with its priority)
] as const
export type AnswerType = (typeof ANSWER_TYPES)[number]

/** Answer types that are figures: a question asking for one is not answered by a fact without a figure. */
export const FIGURE_TYPES: ReadonlySet<AnswerType> = new Set(['length', 'temperature', 'duration', 'date', 'rate', 'percent', 'weight', 'strength', 'speed', 'money', 'torque', 'brightness', 'count'])

interface Rule {
  type: AnswerType
  pattern: RegExp
}

// 'What is X', 'whats sc t 22', 'sc t 29 what is it', 'what does 401.4.30 cover': a short named thing, asked
// about as a whole. 'The' starts a property ('what is the pattern for ...'), so it does not start a subject;
// nor is a subject with a person, an action or a property in it a thing to define ('what is our limit').
const NOT_SUBJECT_WORD =
  'do|does|did|can|should|must|will|would|go|goes|use|need|needs|have|has|get|i|we|you|my|our|limit|minimum|maximum|min|max|tolerance|rate|spacing|temp|temperature|size|psi|percent|depth|height|width|length|thickness|slump|weather|forecast|price|recipe|speed|passing|score'
const SUBJECT_WORD = String.raw`(?!(?:${NOT_SUBJECT_WORD})\b)[\w\-./#]+`
const SUBJECT = String.raw`(?!the\b)(?:an?\s+)?${SUBJECT_WORD}(?:\s+${SUBJECT_WORD}){0,6}?`
const DEFINITION = new RegExp(
  [
    String.raw`^\W*(?:(?:so|and|ok|okay|hey|um|uh)\W+)*(?:whats|what(?:'s|\s+is|\s+are))\s+${SUBJECT}\s*(?:used for|for|about|exactly|again)?\W*$`,
    String.raw`^\W*${SUBJECT},?\s+what(?:'s|\s+is|\s+are)\s+(?:it|that|this|they|those)\W*$`,
    String.raw`^\W*(?:define|explain|tell me about)\s+${SUBJECT}\W*$`,
    String.raw`^\W*what does\s+${SUBJECT}\s+(?:cover|do|deal with|say|govern)\W*$`,
    // What a named thing is for: 'what is the Minimum Sample Requirement workbook for' (a name may hold 'minimum').
    String.raw`^\W*(?:whats|what(?:'s|\s+is|\s+are))\s+(?:the\s+|an?\s+)?[\w\-./#]+(?:\s+[\w\-./#]+){0,6}?\s+(?:used\s+)?for\W*$`,
  ].join('|'),
  'i',
)

/** Work items a 'temp' in front of means temporary: 'temp barrier', 'temp concrete wall', 'temp striping'. */
const TEMPORARY_ITEMS =
  '(?:concre\\w* |precast |traffic |jersey |portable )?(?:barriers?|walls?|signals?|traffic|pavement|striping|stripes?|markings?|signs?|signage|fence|fencing|seeding|seed|grass|grassing|erosion|silt|lanes?|crossovers?|bridges?|roads?|detours?|structures?|works?|ramps?|shoring|sheeting|pipes?|drainage|mulch|slopes?|berms?|construction|access|easements?|shifts?|crossings?|mats?|bypass|attenuators?|crash|cushions?|rail|guardrail|lighting|lights|patch|patches|paving|repairs?|sediment|diversions?|channels?|basins?)'

// Order matters: the first rule that matches names the type. Specific units beat the generic 'how long'.
const QUESTION_RULES: Rule[] = [
  // Asked outright for a document, a drawing or a procedure, or a person: other words in the question
  // ('how deep they mill', 'weigh tickets', 'how many tests') are its setting.
  { type: 'reference', pattern: /\bwhere in the (?:spec|specs|spec book|specifications|book|manual)\b|\b(?:which|what) (?:sheet|drawing|standard drawing|std drawing|procedure|sc[- ]?[tm])\b|\b(?:procedure|method) (?:id|designation|number)\b|\b\d{3} point what\b/i },
  { type: 'who', pattern: /^\W*(?:(?:ok(?:ay)?|so|um+|uh+|and|hey|alright|well|like)\W+)*(?:who|whos|who's|whose)\b/i },
  { type: 'date', pattern: /\b(what|which) (date|day|year|month)\b|\bwhen (did|was|were|does|do|is|will)\b.*\b(start|begin|began|effective|stop|end|change|come out|put out|issued|published|released|adopted|take effect|kick in|rule|law|memo)\b|\bwhen did\b|\bdated?\b|\bwhat year\b|\bhow old is\b|\bsince when\b|\bdate on\b/i },
  // 'Temp' before a work item is 'temporary' ('temp barrier', 'temp signals'), not a temperature.
  { type: 'temperature', pattern: new RegExp(String.raw`\b(?:temps?\b(?!\s+(?:${TEMPORARY_ITEMS})\b)|temperatures?\b|degrees?\b|how (?:hot|cold|warm)\b|hottest\b|coldest\b|fahrenheit\b)`, 'i') },
  // A road's speed in the question ('on a 65 mph interstate') describes it; these ask for a speed.
  { type: 'speed', pattern: /\b(how fast|speed limit|(?:what|how many|which) mph)\b/i },
  // 'Pay' alone is the pay factor of a lot (a percent); these ask for dollars. 'Fine' is a penalty only as a
  // noun that is asked about ('what fine', 'the fine if'), not 'looks fine', 'thats fine right', 'a fine network'.
  { type: 'money', pattern: new RegExp(String.raw`\b(?:fined|fines? for|fines? if|penalty|penalties|paid|salary|wage|wages|cost|costs|price|dollars?|liquidated damages)\b|\b(?:a|the|what|whats|what's|any|much|big|max(?:imum)?|min(?:imum)?)\s+fines?\b(?=\s*(?:$|[?.,!]|(?:for|if|when|of|is|are|amount|range|on|they|would|does|do|can|could|under|in)\b))|\bmoney[- ]?wise\b|\$`, 'i') },
  { type: 'torque', pattern: /\b(torque|torqued|ft-lbs?|foot-pounds?)\b/i },
  // How bright a marking reads: 'how shiny at night', 'what should the retro meter read'.
  // A reading in passing ('the line fails the retro reading, what happens') is context, not the figure asked.
  { type: 'brightness', pattern: /\bhow (?:shiny|bright|reflective)\b|\bretro\s*(?:reflect\w*|meter|reading)\b.*\b(?:should|must|has to|have to|needs? to|supposed to)\s+(?:\w+\s+)?read\b|\b(?:what|how much) (?:should|must|does|do)\b.*\bretro\s*(?:reflect\w*|meter)\b.*\bread\b|\b(?:minimum|min|lowest|at least)\b.*\bretro\s*reflect\w*|\bretro\s*reflect\w* (?:minimum|min|value|number|level|target)\b|\bmcd\b/i },
  { type: 'strength', pattern: /\b(psi|ksi|strength|how strong|break at)\b/i },
  // A pass mark and a share of something are percents ('pay factor' is not: 'what is it based on').
  { type: 'percent', pattern: /\b(percent|percentage|%|pct|air content|(?:passing|pass|minimum|min) (?:grade|score|mark)|(?:what|which|minimum|min|how much of a) share of|what share)\b/i },
  { type: 'weight', pattern: /\b(how heavy|weigh|weighs|weight|pounds? of|lbs?|tons? of|how much does .* weigh|tonnage (?:cutoff|limit|threshold))\b/i },
  { type: 'rate', pattern: /\b(rate|per (square )?(yard|sy|foot|ft|acre|gallon|ton|mile)|spread|application)\b/i },
  { type: 'duration', pattern: /\bhow long (can|do|does|did|is|are|should|must|before|until|to|will|after|has|have)\b(?!.*\b(taper|lane|rail|post|pipe|sign|line|stick|flag|bar|fence|lot|section|run|stripe|joint|cut|slab|dash|dashes|gap|space|skip|buffer|trench|ditch|ramp|beam|span|splice|lap)\b)|\b(how many|how much) (days?|hours?|minutes?|weeks?|months?|years?|time)\b|\bhow soon\b|\bhow quick(?:ly)?\b|\bwithin how\b|\b(?:max(?:imum)?|longest|most) time\b|\bdeadline\b|\bservice life\b|\blife expectancy\b|\bby when\b|\btoo long\b|(?<!\b(?:couple(?: of)?|few|several|some|many|a|an|one|two|three|four|five|six|\d+)\s+)\b(days?|hours?|minutes?) (before|after)\b/i },
  { type: 'count', pattern: /\bhow many\b|\bhow often\b|\bhow frequently\b|\bfrequency\b|\bevery how\b|\bnumber of\b|\b(?:element|bulb|lamp|light|reading|test|core|sample)s? count\b|\b(?:minimum|min|max|maximum) (?:elements|bulbs|lamps|lights)\b|\b(?:readings|tests|cores|samples|cylinders) (?:per|a|each) (?:lot|sublot|day|load|shift)\b/i },
  // Units in a question ('six foot lane', 'in the') describe it; only these words ask for a length.
  { type: 'length', pattern: /\b(how (tall|high|low|wide|deep|thick|far|long|big|close|much room|much clearance)|height|width|depth|thickness|distance|dimensions?|spacing|spaced|(?:far|feet|foot|ft|inches|in|spaced|set|placed) apart|length|clearance|cover over|diameter|size|how much room|slump|setback|set back|gap between|how narrow|how short|lateral travel|travel distance|how much taper|taper length)\b/i },
  { type: 'reference', pattern: /\btest level\b|\b(which|what) (test|tests|method|astm|aashto|standard|spec|specification|section|subsection|table|form|qpl|rule|osha rule|manual|part|chapter|course|class|edition|version|level)\b|\b(astm|aashto) what\b|\bwhat (astm|aashto|sc-t|sc-m)\b|\bunder what\b|\bwhat number\b|\b(mutcd|osha|aashto|astm|cfr) (section|rule|part|table|standard)\b|\b(section|rule|subsection|table) (that|which) (says|covers|requires|deals|has)\b/i },
  { type: 'who', pattern: /\bwho\b|\bwhos\b|\bwho's\b|\bwhose\b|\bwhich (office|engineer|person|district|inspector|official)\b/i },
  // What to do about a finding: the defect guide's recommended actions answer it, not its symptom lines.
  { type: 'action', pattern: /\bwhat (?:do|should|must|can|would) (?:i|we|you|they|he)(?: \w+){0,4} do\b|\bwhat do i (?:make|have) (?:them|the contractor|him|the crew)\b|\bnow what\b|\bwhat now\b|\bwhat(?:'s|s| is) (?:my|our|the) (?:move|fix|next step|real fix)\b|\bhow (?:do|should|would|can|will) (?:we|they|i|you|he) (?:\w+ )?(?:fix|repair|correct|handle|deal with|treat)\b|\bhow (?:is|are) (?:it|that|they|those) (?:fixed|repaired|corrected)\b|\bhow (?:to|do you) (?:fix|repair|correct)\b|\bimmediate action\b|\bwhat (?:should|has to|needs to|must) (?:happen|be done)\b|\bfirst (?:thing|step|move)s?(?: (?:i|we|you|they))?(?: (?:should|have to|need to|must|gotta|got to))?(?: to)? do\b|\bwhat (?:am|are|is) (?:i|we|you|they|he|the crew) (?:supposed|meant|required|expected) to do\b|\bwhat happens (?:to|with|now|next)\b|\bfix (?:it|that|this|them) for good\b/i },
  { type: 'name', pattern: /\bwhat('s| is| are)? (that|this|it) called\b|\bstand for\b|\bwhat does .* (mean|stand for)\b|\bcalled\b|\bwhat kind of\b/i },
  { type: 'definition', pattern: DEFINITION },
]

/** The type of answer a question asks for, or null (a yes/no, a how-to or a general question). */
export function answerTypeOf(question: string): AnswerType | null {
  for (const rule of QUESTION_RULES) if (rule.pattern.test(question)) return rule.type
  return null
}

const MONTHS = 'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec'
const NUMBER = String.raw`(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?`
const FRACTION = String.raw`(?:\d+\s*)?\d+/\d+`

const FACT_RULES: Array<{ type: AnswerType; pattern: RegExp }> = [
  { type: 'date', pattern: new RegExp(String.raw`\b(?:${MONTHS})\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+(?:19|20)\d{2}\b|\b(?:19|20)\d{2}-\d{2}-\d{2}\b|\b\d{1,2}/\d{1,2}/(?:\d{2}|\d{4})\b|\b(?:${MONTHS})\s+(?:19|20)\d{2}\b|\b(?:in|since|from|until|by|effective|dated?)\s+(?:19|20)\d{2}\b|\b\d{1,2}/(?:\d{2})\b`, 'i') },
  { type: 'temperature', pattern: new RegExp(String.raw`${NUMBER}\s*(?:°|degrees?\s*)?\s*(?:F|C)\b(?!\w)|${NUMBER}\s*°|\bdegrees? (?:F|Fahrenheit)\b`, 'i') },
  { type: 'speed', pattern: new RegExp(String.raw`${NUMBER}\s*(?:mph|miles per hour)\b`, 'i') },
  { type: 'money', pattern: new RegExp(String.raw`\$\s?${NUMBER}|${NUMBER}\s*dollars\b`, 'i') },
  { type: 'torque', pattern: new RegExp(String.raw`${NUMBER}\s*-?\s*(?:ft-lbs?|foot-pounds?|lb-ft|N-m)\b`, 'i') },
  { type: 'brightness', pattern: new RegExp(String.raw`${NUMBER}\s*(?:mcd(?:/m2/lx|/m²/lx)?|millicandelas?)\b|${NUMBER}\s*cd/lx`, 'i') },
  { type: 'strength', pattern: new RegExp(String.raw`${NUMBER}\s*(?:psi|ksi|mpa)\b`, 'i') },
  { type: 'percent', pattern: new RegExp(String.raw`${NUMBER}\s*(?:%|percent\b)`, 'i') },
  { type: 'weight', pattern: new RegExp(String.raw`${NUMBER}\s*-?\s*(?:lb|lbs|pounds?|tons?|kg|kips?)\b`, 'i') },
  { type: 'rate', pattern: new RegExp(String.raw`${NUMBER}\s*(?:gal|gallons?|lb|lbs|pounds?|tons?|ft|in)\.?\s*(?:/|per)\s*(?:sy|sq\.?\s*yd|square yards?|yd|acre|ft|foot|lot|day|hour|load|sublot)\b|\b(?:${NUMBER})\s*x\s*(?:the )?speed\b`, 'i') },
  // 'At once', 'immediately', 'promptly': a time in words, the answer to 'how soon' when the corpus gives no count.
  { type: 'duration', pattern: new RegExp(String.raw`(?:${NUMBER}|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fourteen|fifteen|thirty)\s*-?\s*(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|calendar days|working days)\b|\b(?:at once|immediately|right away|promptly|without delay|the same day)\b`, 'i') },
  // Feet and inches together ('6 ft 3 in') first: the same figure, not two.
  { type: 'length', pattern: new RegExp(String.raw`\b\d+\s*(?:ft|feet|foot)\s*\d+\s*(?:in|inches)\b|\b\d+'\s*-?\s*\d+"|(?:${NUMBER}|${FRACTION})\s*-?\s*(?:ft|feet|foot|in\.?|inches|inch|mm|cm|m\b|miles?|mile|yd|yards?|mils?)\b|\b(?:half|quarter) mile\b|\bT/\d\b`, 'i') },
  { type: 'count', pattern: new RegExp(String.raw`\b(?:${NUMBER}|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty)\s+(?:readings?|tests?|samples?|cores?|elements?|lamps?|sublots?|lots?|bolts?|posts?|sections?|cylinders?|shots?|signs?|devices?|specimens?|locations?|times|lanes?)\b|\b(?:every|each|per)\s+(?:${NUMBER}\s*)?(?:ft|feet|tons?|lots?|sublots?|day|days|load|shipment|lift)\b|\bonce (?:a|per|every)\b`, 'i') },
  { type: 'reference', pattern: /\b(?:AASHTO\s+[MRT]\s?\d+|ASTM\s+[A-Z]\s?\d+|SC-[MT]-\d+|QPL\s?\d+|Section\s+\d{3}(?:\.\d+)*|Table\s+\d[A-Z]-\d+|\d{3}\.\d+(?:\.\d+)*|29 CFR|23 CFR|MUTCD\s+\d[A-Z]|Form\s+\d|Level\s+\d|TL-\d)\b/i },
  // A sentence saying what a thing is: 'SC-T-29 is SCDOT's one-point Proctor', 'It is the ...', 'Section 105 covers ...'.
  {
    type: 'definition',
    pattern:
      /^(?:(?!(?:The|A|An|If|When|For|In|On|At|Each|Every|All|No)\b)[A-Z0-9][\w\-./'’]*(?:\s+[\w\-./'’()]+){0,6}?|It|This (?:method|section|test|specification|standard|drawing|supplement|manual|form|record|document|procedure|division|subsection))\s+(?:(?:is|are)\s+(?:a|an|the|SCDOT's|SCDOT|one|where|how|what|used)\b|covers|governs|sets|lists|means|stands for|describes|deals with)\s/,
  },
  { type: 'who', pattern: /\b(?:Engineer|Administrator|Inspector|District|Resident Construction|Office|Department|contractor|Director|Manager|supervisor|technician)\b/ },
]

/** A recommended action: the defect guide writes each with its priority ('... (priority high; SCDOT reference: ...)'). */
const ACTION_FACT = /\(priority (?:immediate|high|medium|low)\b/i

/**
 * A name: a defect guide record's title line ('Honeycombing and voids in formed concrete (defect guide, ...'),
 * a name spelt out for its letters ('Midwest Guardrail System (MGS)', 'AAD stands for ...'), or what a thing
 * is called. The answer to 'what's that called' and 'what does MGS stand for', where a symptom line only
 * restates what was seen.
 */
const NAME_FACT = /\(defect guide, [^)]*typical severity|\bstands? for\b|\bshort for\b|\b(?:is|are) (?:called|known as)\b|\b(?:[A-Z][a-z]+[\s-]+){1,6}\([A-Z]{2,6}\)/

/** The kinds of answer a fact's text holds (a figure with its unit, a date, a reference, an office). */
export function factAnswerTypes(text: string): Set<AnswerType> {
  const plain = text.replace(/\[[^\]]*\]/g, ' ')
  const out = new Set<AnswerType>()
  for (const rule of FACT_RULES) if (rule.pattern.test(plain)) out.add(rule.type)
  if (ACTION_FACT.test(text)) out.add('action')
  if (NAME_FACT.test(text)) out.add('name')
  return out
}

/**
 * The figure of the asked type that a fact states, when it states exactly one ('36 in' for 'how tall',
 * '15 minutes' for 'how long can I hold'): what the answer leads with. Null when there is none or several.
 */
export function leadFigure(text: string, type: AnswerType | null): string | null {
  // A count is a figure but leads as its fact's sentence ('two cores per sublot'), not as a bare number.
  if (!type || !FIGURE_TYPES.has(type) || type === 'count') return null
  const rule = FACT_RULES.find((candidate) => candidate.type === type)
  if (!rule) return null
  const plain = text.replace(/\[[^\]]*\]/g, ' ')
  // Restatements in brackets ('6 ft 3 in (6.25 ft)') do not count as other figures.
  const outside = plain.replace(/\([^)]*\)/g, ' ')
  const matches = [...outside.matchAll(new RegExp(rule.pattern.source, `${rule.pattern.flags.replace('g', '')}g`))].map((m) => m[0].trim())
  const distinct = [...new Set(matches)]
  return distinct.length === 1 && distinct[0]!.length <= 40 ? distinct[0]! : null
}

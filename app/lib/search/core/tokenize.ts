/**
 * Tokeniser shared by the embedding model (LSA) and anything else that needs the corpus vocabulary.
 *
 * - lowercase, accents folded, split on anything that is not a letter or digit, except that identifiers keep
 *   their shape: section and decimal numbers ('401.4.2', '703.04'), test-method, material and route codes
 *   ('sc-t-29', 'sc-m-400', 'i-26', 'a-2-4'), single-letter compounds ('w-beam', also giving 'beam'),
 *   drawing numbers ('g501', already alphanumeric), bar sizes ('#5') and thousands ('1,000' -> '1000'), and
 *   a kind named by a letter ('Type C' -> 'type-c' and 'type', 'Class A' -> 'class-a' and 'class');
 * - English stop words and lone letters removed;
 * - a light stemmer (see `stem`), never applied to field abbreviations or to tokens with digits.
 */

/** Bump whenever tokens change: a stored embedding model built with another version must be retrained. */
export const TOKENIZER_VERSION = 3

const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all also am an and any are aren as at be because been before being ' +
    'below between both but by can cannot could did didn do does doesn doing don done down during each either etc few for ' +
    'from further had has have having he her here hers herself him himself his how however i if in into is isn ' +
    'it its itself just may me might more most must my myself no nor not of off on once only or other ought ' +
    'our ours ourselves out over own per same shall she should so some such than that the their theirs them ' +
    'themselves then there these they this those through thus to too under until up upon us very via was wasn we ' +
    'were weren what when where whether which while who whom whose why will with within without won would wouldn you your ' +
    'yours yourself yourselves'
  ).split(' '),
)

/** Field abbreviations: kept exactly as written (no stemming, never treated as stop words). */
const PROTECTED: ReadonlySet<string> = new Set([
  'hma', 'pcc', 'rcp', 'mot', 'qc', 'qa', 'qpl', 'mutcd', 'aashto', 'astm', 'scdot', 'fhwa', 'mash', 'lbs',
])

const VOWEL = /[aeiouy]/

/**
 * A small, documented suffix stripper (no stemming package is installed). In order:
 * 1. plurals: 'ies' -> 'y' (densities -> density), 'sses' -> 'ss', a final 's' dropped unless the word ends
 *    in 'ss', 'us' or 'is' or is three letters or fewer (bases -> base, status and analysis unchanged);
 * 2. 'ing' and 'ed' dropped when what remains has a vowel and at least two letters ('exceed', 'need' and
 *    'bring' unchanged), then a doubled final consonant other than l, s or z is undoubled (setting -> set,
 *    rolled -> roll);
 * 3. a final 'e' dropped when at least two letters remain, so that every form meets (grade, graded, grading
 *    -> grad; use, used, using -> us).
 * Stems are internal keys, not words for display.
 */
export function stem(word: string): string {
  if (PROTECTED.has(word) || /\d/.test(word) || word.length <= 2) return word
  let w = word
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`
  else if (w.endsWith('sses')) w = w.slice(0, -2)
  else if (w.endsWith('s') && w.length > 3 && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1)

  const suffix = w.endsWith('ing') ? 3 : w.endsWith('ed') && !w.endsWith('eed') ? 2 : 0
  if (suffix > 0) {
    const base = w.slice(0, -suffix)
    if (base.length >= 2 && VOWEL.test(base)) {
      w = base
      if (/([^aeioulsz])\1$/.test(w)) w = w.slice(0, -1)
    }
  }
  if (w.endsWith('e') && w.length > 2) w = w.slice(0, -1)
  return w
}

// Order matters: at each position the first alternative that matches wins.
const TOKEN = new RegExp(
  [
    '#\\d+', // bar sizes
    '[a-z0-9]+(?:-[a-z0-9]+)+', // hyphenated: codes and compounds, decided in `compound`
    '\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?', // 1,000 and 12,500.5
    '\\d+(?:\\.\\d+)+', // section and decimal numbers
    '[a-z0-9]+',
  ].join('|'),
  'g',
)

const CODE = /^[a-z]+(?:-[a-z]+)*(?:-\d+[a-z]?)+$/ // sc-t-29, sc-m-400, i-26, us-17

function keepWord(token: string): boolean {
  if (PROTECTED.has(token)) return true
  if (/^[a-z]$/.test(token)) return false
  return !STOP_WORDS.has(token)
}

function compound(token: string, out: string[]): void {
  const parts = token.split('-')
  if (CODE.test(token) || parts.some((p) => /^[a-z]$/.test(p))) {
    out.push(token)
    // 'w-beam' also counts as 'beam'; codes ('sc-t-29', 'a-2-4') stay whole only.
    if (!/\d/.test(token)) for (const p of parts) if (p.length > 1 && keepWord(p)) out.push(stem(p))
    return
  }
  for (const p of parts) if (keepWord(p)) out.push(stem(p))
}

export function tokenize(text: string): string[] {
  const normalised = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2010-\u2013]/g, '-')
    .toLowerCase()
    // A letter that names a kind keeps its word: 'Type C' arrow board, 'Intermediate Type B', 'Class A'.
    .replace(/\b(type|class|intermediate|surface|level|category)s?\s+([a-e])\b/g, '$1-$2')
  const out: string[] = []
  for (const [token] of normalised.matchAll(TOKEN)) {
    if (token.startsWith('#')) out.push(token)
    else if (/^\d{1,3},/.test(token)) out.push(token.replaceAll(',', ''))
    else if (token.includes('-')) compound(token, out)
    else if (keepWord(token)) out.push(stem(token))
  }
  return out
}

/**
 * Spoken and typed-as-spoken questions made searchable (voice transcripts, run-on field talk): numbers
 * written as words become figures ('two hundred' -> 200, 'fifty five' -> 55, 'a hundred and four
 * percent' -> 104 percent, 'two point five' -> 2.5, 'two and a half' -> 2.5, 'two thirty' read as a
 * reading -> 230), and fillers ('um', 'uh', 'you know', 'I mean') go. Pure.
 *
 * Written by hand rather than with an NLP package: the browser's offline answerer runs this too, and the
 * packages that parse spoken numbers bring a whole English grammar to the phone for a few dozen words.
 */

const UNITS: Record<string, number> = {
  zero: 0, oh: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
}
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fourty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 }
const SCALES: Record<string, number> = { hundred: 100, thousand: 1000, million: 1_000_000 }

const FILLERS = /\b(?:um+|uh+|uhm+|erm+|hmm+|ah+|you know|i mean|kinda|sorta)\b[,.]?\s*/gi

type Word = { text: string; lower: string }

function isNumberWord(lower: string): boolean {
  return lower in UNITS || lower in TENS || lower in SCALES
}

/**
 * Parses number words from `start`: returns the value and how many words it used, or null. 'a hundred'
 * and 'and' inside a number are taken ('a hundred and four'); 'point' adds decimals; 'and a half' adds 0.5.
 */
function parseNumber(words: Word[], start: number): { value: number; used: number; text?: string } | null {
  const digits = parseDigitString(words, start)
  if (digits) return digits
  let i = start
  let total = 0
  let current = 0
  let any = false
  let lastKind: 'unit' | 'tens' | 'scale' | null = null
  if (words[i]?.lower === 'a' && words[i + 1] && words[i + 1]!.lower in SCALES) {
    current = 1
    i += 1
  }
  for (; i < words.length; i++) {
    const w = words[i]!.lower
    if (w in UNITS) {
      // 'two thirty' style readings are handled below; two units in a row end the number ('one two').
      if (lastKind === 'unit') break
      if (lastKind === 'tens' && UNITS[w]! >= 10) break
      current += UNITS[w]!
      lastKind = 'unit'
    } else if (w in TENS) {
      if (lastKind === 'tens' || (lastKind === 'unit' && current % 100 !== 0)) {
        // 'two thirty', 'six fifty': a three-digit reading said in two parts.
        if (lastKind === 'unit' && current < 10 && total === 0) {
          current = current * 100 + TENS[w]!
          lastKind = 'tens'
          any = true
          const next = words[i + 1]?.lower
          if (next && next in UNITS && UNITS[next]! < 10 && UNITS[next]! > 0) {
            current += UNITS[next]!
            i += 1
            lastKind = 'unit'
          }
          continue
        }
        break
      }
      current += TENS[w]!
      lastKind = 'tens'
    } else if (w in SCALES) {
      if (!any && current === 0) current = 1
      if (SCALES[w] === 100) current *= 100
      else {
        total += current * SCALES[w]!
        current = 0
      }
      lastKind = 'scale'
    } else if (w === 'and' && any && lastKind === 'scale' && words[i + 1] && (words[i + 1]!.lower in UNITS || words[i + 1]!.lower in TENS)) {
      continue
    } else break
    any = true
  }
  if (!any) return null
  let value = total + current
  let used = i - start
  // 'two point five'
  if (words[i]?.lower === 'point' && words[i + 1] && words[i + 1]!.lower in UNITS) {
    let digits = ''
    let j = i + 1
    while (words[j] && words[j]!.lower in UNITS && UNITS[words[j]!.lower]! < 10) digits += String(UNITS[words[j++]!.lower])
    if (digits) {
      return { value, used: j - start, text: `${value}.${digits}` }
    }
  }
  // 'two and a half'
  if (words[i]?.lower === 'and' && words[i + 1]?.lower === 'a' && words[i + 2]?.lower === 'half') {
    value += 0.5
    used += 3
  }
  return { value, used }
}

const isDigitWord = (lower: string | undefined): boolean => lower !== undefined && lower in UNITS && UNITS[lower]! < 10

/**
 * A number read digit by digit, as section and method numbers are said: 'four oh one' -> 401, 'one oh six
 * point three point ten' -> 106.3.10, 'seven oh three' -> 703. Only when a digit is followed by 'oh' or
 * 'zero' (plain 'one two' stays two numbers); each 'point' adds a part, as section numbers do.
 */
function parseDigitString(words: Word[], start: number): { value: number; used: number; text: string } | null {
  const first = words[start]?.lower
  const second = words[start + 1]?.lower
  if (!isDigitWord(first) || UNITS[first!] === 0 || (second !== 'oh' && second !== 'zero')) return null
  let i = start
  let text = ''
  while (isDigitWord(words[i]?.lower)) text += String(UNITS[words[i++]!.lower])
  if (text.length < 3) return null
  while (words[i]?.lower === 'point' && words[i + 1] && (words[i + 1]!.lower in UNITS || words[i + 1]!.lower in TENS)) {
    const part = parseNumber(words, i + 1)
    if (!part || part.text !== undefined || !Number.isInteger(part.value)) break
    text += `.${part.value}`
    i += 1 + part.used
  }
  return { value: Number(text.split('.')[0]), used: i - start, text }
}

const UNIT_AFTER_ONE = /^(?:foot|feet|inch|inches|percent|day|days|lane|mile|hour|minute|ft|in)$/

/**
 * 'One' alone is a pronoun as often as a number ('which one', 'one oh wait'): it is a number only before a unit
 * or another number word ('oh' counting only when a digit follows it, as in 'one oh six').
 */
function isPronounOne(words: readonly Word[], at: number): boolean {
  const next = words[at + 1]?.lower ?? ''
  if (UNIT_AFTER_ONE.test(next)) return false
  return !isNumberWord(next) || (next === 'oh' && !isDigitWord(words[at + 2]?.lower))
}

/** The question with number words as figures and fillers removed; everything else as written. */
export function normalizeSpoken(text: string): string {
  const withoutFillers = text.replace(FILLERS, ' ').replace(/\s{2,}/g, ' ').trim()
  // Words and the separators between them, so the text can be put back together as it was.
  const tokens = withoutFillers.split(/(\s+|-(?=[a-z]))/i)
  const words: Array<Word & { index: number }> = []
  tokens.forEach((token, index) => {
    if (token && !/^\s+$/.test(token) && token !== '-') words.push({ text: token, lower: token.toLowerCase().replace(/[,.?!;:]+$/, ''), index })
  })
  const out = [...tokens]
  for (let w = 0; w < words.length; w++) {
    const word = words[w]!
    // 'Oh' is a zero only inside a number read digit by digit ('four oh one'); alone it is an interjection.
    const starts = (isNumberWord(word.lower) && word.lower !== 'oh') || (word.lower === 'a' && words[w + 1] && words[w + 1]!.lower in SCALES)
    if (!starts || (word.lower === 'one' && isPronounOne(words, w))) continue
    let parsed = parseNumber(words, w)
    if (!parsed || parsed.used === 0) continue
    // Years said in two parts: 'twenty twenty five' -> 2025, 'nineteen ninety eight' -> 1998.
    if ((parsed.value === 19 || parsed.value === 20) && parsed.used === 1 && !parsed.text) {
      const rest = parseNumber(words, w + 1)
      if (rest && !rest.text && rest.value >= 0 && rest.value < 100 && words[w + 1]!.lower in TENS) {
        parsed = { value: parsed.value * 100 + rest.value, used: 1 + rest.used }
      }
    }
    // 'The old five hundreds' (a division's sections): 500s.
    let plural = ''
    if (!parsed.text && words[w + parsed.used]?.lower === 'hundreds' && parsed.value > 0 && parsed.value < 10) {
      parsed = { value: parsed.value * 100, used: parsed.used + 1 }
      plural = 's'
    }
    const last = words[w + parsed.used - 1]!
    const trailing = /[,.?!;:]+$/.exec(last.text)?.[0] ?? ''
    const figure = parsed.text ?? `${parsed.value}${plural}`
    out[word.index] = `${figure}${trailing}`
    for (let k = word.index + 1; k <= last.index; k++) out[k] = ''
    w += parsed.used - 1
  }
  return out.join('').replace(/\s{2,}/g, ' ').trim()
}

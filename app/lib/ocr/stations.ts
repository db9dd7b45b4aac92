import { formatStation, parseStation } from '../calculators/stations'

/**
 * Station numbers in text read by OCR, with the calculators' station rules (app/lib/calculators/stations.ts)
 * and OCR's habits. Shared by the server's plan details (app/lib/analysis/plan-details.ts) and the form
 * filler's mapping (app/lib/forms/ocr-mapping.ts), so a station reads the same in a photo analysis and in
 * a scanned form. Pure.
 */

/** A station in its normal form from its two parts: '023', '50' -> '23+50' (the calculators' format). */
export function stationOf(hundreds: string, rest: string): string | null {
  if (!/^\d{1,4}$/.test(hundreds) || !/^\d{2}$/.test(rest)) return null
  const feet = parseStation(`${hundreds}+${rest}`)
  return feet === null ? null : formatStation(feet)
}

/**
 * OCR often reads the '+' of a printed station as a '4' ('23+50' -> '23450'). A run of 5 to 7 digits whose
 * third digit from the end is a 4 is that station; anything else (a 4-digit run such as '1450': 1+50 or
 * 14+50?) is not guessed.
 */
export function stationFromPlusReadAsFour(digits: string): string | null {
  const match = /^(\d{2,4})4(\d{2})$/.exec(digits)
  return match ? stationOf(match[1]!, match[2]!) : null
}

export type StationIssue =
  /** '23450' taken as 23+50. */
  | 'plus-read-as-4'
  /** '23+5': one digit after the plus, read by the calculators' rule as 23+05. */
  | 'short-after-plus'
  /** A bare number, or a plus with three or more digits after it: not written as a station. */
  | 'not-a-station'

export interface StationFieldReading {
  /** The value to fill in: stations in their normal form, the rest as read. */
  value: string
  issue: StationIssue | null
}

const STATION_TOKEN = /(?<![\d.])(\d{1,4}) ?\+ ?(\d+)((?:\.\d+)?)(?![\d+])/g
const STATION_WORD = /^(?:sta(?:tion)?\.?)$/i

/**
 * A cleaned value read into a field that holds a location or a station ('Location/Station'). Stations are
 * rewritten in the calculators' normal form ('STA 023 + 50' -> 'STA 23+50'); a value that should be a
 * station and is not shaped like one is reported, so the form asks the user to check it:
 * - a bare run of digits (alone, or after 'STA'): the '+' read as a 4 when it fits, else not a station;
 * - one digit after the plus: filled in as the calculators read it (23+5 -> 23+05), reported;
 * - three or more digits after the plus: left as read, reported.
 * A described location ('US 378 MP 4.2', 'Bent 3') is left alone.
 */
export function readStationField(cleaned: string): StationFieldReading {
  const text = cleaned.trim()
  let issue: StationIssue | null = null
  const value = text.replace(STATION_TOKEN, (whole, hundreds: string, rest: string, decimals: string) => {
    if (rest.length === 2) {
      const station = stationOf(hundreds, rest)
      return station ? `${station}${decimals}` : whole
    }
    if (rest.length === 1 && decimals === '') {
      issue ??= 'short-after-plus'
      return formatStation(parseStation(`${hundreds}+${rest}`)!)
    }
    issue ??= 'not-a-station'
    return whole
  })
  if (value !== text || issue) return { value, issue }
  // No plus at all: a number standing where a station should be.
  const words = text.split(' ')
  const digits = words.length === 1 ? words[0]! : words.length === 2 && STATION_WORD.test(words[0]!) ? words[1]! : null
  if (digits !== null && /^\d+$/.test(digits)) {
    const station = stationFromPlusReadAsFour(digits)
    if (station) return { value: words.length === 2 ? `${words[0]} ${station}` : station, issue: 'plus-read-as-4' }
    return { value: text, issue: 'not-a-station' }
  }
  return { value: text, issue: null }
}

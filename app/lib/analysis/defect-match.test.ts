import { beforeAll, describe, expect, it } from 'vitest'
import type { Defect } from '../corpus/schema'
import { createVocabulary, type Vocabulary } from '../search/core/spelling'
import { readDefectGuide } from './defect-guide.server'
import { defectWordCounts, matchConfidence, matchDefects, matchedOnText, matchedPieces, textStems } from './defect-match'

let guide: Defect[]
let vocabulary: Vocabulary

beforeAll(async () => {
  guide = await readDefectGuide()
  vocabulary = createVocabulary(defectWordCounts(guide))
})

const top = (description: string, text = '') => matchDefects(guide, { description, text }, { vocabulary })

describe('matchDefects: one description per category', () => {
  it.each([
    ['alligator cracking in the outside wheel path', 'defect-asphalt-alligator-cracking', 'asphalt'],
    ['deep ruts in the asphalt after the summer', 'defect-asphalt-rutting', 'asphalt'],
    ['shiny black sticky asphalt in the wheel paths', 'defect-asphalt-bleeding', 'asphalt'],
    ['the joints are spalling on the concrete pavement', 'defect-concrete-spalling', 'concrete'],
    ['honeycombing on the pier wall after stripping forms', 'defect-concrete-honeycombing', 'concrete'],
    ['step at joints between slabs', 'defect-concrete-joint-faulting', 'concrete'],
    ['HDPE pipe is out of round after backfill', 'defect-drainage-flexible-pipe-deflection', 'drainage'],
    ['scour hole at the pipe outlet, headwall undermined', 'defect-drainage-outlet-scour', 'drainage'],
    ['water standing at the drop inlet', 'defect-drainage-blocked-inlet', 'drainage'],
    ['bent posts on the guardrail after a crash', 'defect-guardrail-impact-damage', 'guardrail'],
    ['guardrail is too low after the overlay', 'defect-guardrail-rail-height', 'guardrail'],
    ['X-Lite terminal installed on the new run', 'defect-guardrail-end-terminal', 'guardrail'],
    ['paint lines hard to see at night', 'defect-markings-low-retroreflectivity', 'pavement markings'],
    ['thermoplastic peeling off the concrete', 'defect-markings-poor-adhesion', 'pavement markings'],
    ['failed density test on the embankment lift', 'defect-earthwork-low-compaction', 'earthwork'],
    ['workers in a trench without a trench box', 'defect-earthwork-trench-instability', 'earthwork'],
    ['gullies on the fill slope after the storm', 'defect-earthwork-slope-erosion', 'earthwork'],
    ['spalling on bridge deck', 'defect-bridge-deck-spalling-delamination', 'bridge deck'],
    ['exposed rebar on the bridge deck', 'defect-bridge-deck-exposed-reinforcement', 'bridge deck'],
    ['bridge expansion joint seal is torn and leaking', 'defect-bridge-deck-joint-failure', 'bridge deck'],
  ])('%j -> %s', (description, id, category) => {
    const matches = top(description)
    expect(matches[0]?.defect.id).toBe(id)
    expect(matches[0]?.defect.category).toBe(category)
    expect(matches[0]?.origin).toBe('description')
    expect(matchConfidence(matches)).toBe('high')
  })
})

describe('matchDefects: plain words and misspellings', () => {
  it.each([
    ['the asphalt is cracked like a turtle shell', 'defect-asphalt-alligator-cracking'],
    ['aligator craking on the road', 'defect-asphalt-alligator-cracking'],
    ['spawling on the brige deck', 'defect-bridge-deck-spalling-delamination'],
    ['there is a big pot hole in the lane', 'defect-asphalt-pothole'],
    ['the blacktop is crumbling', 'defect-asphalt-raveling'],
    ['the guard rail is missing bolts', 'defect-guardrail-splice-bolts'],
    ['sinkhole above the culvert', 'defect-drainage-pipe-joint-separation'],
    ['the striping is crooked', 'defect-markings-misalignment'],
    ['mud pumping through the subgrade', 'defect-earthwork-pumping-subgrade'],
  ])('%j -> %s', (description, id) => {
    expect(top(description)[0]?.defect.id).toBe(id)
  })
})

describe('matchDefects: no match', () => {
  it.each([
    'what is the weather',
    'how do I calculate concrete volume',
    'what is the HMA placement temperature',
    'cracks',
    'concrete',
    'guardrail',
    'the expansion joint',
    'my truck is broken',
    '',
  ])('%j -> nothing', (description) => {
    expect(top(description)).toEqual([])
  })

  it('does not read a plan label that only names features as a defect', () => {
    expect(top('', 'EXPANSION JOINT STA 10+00\nGUARDRAIL 200 LF\n24" RCP STA 12+50')).toEqual([])
  })
})

describe('matchDefects: text from the upload', () => {
  it('matches a defect named in the image text, marked as text and no more than medium confidence', () => {
    const matches = top('', 'NOTE: REPAIR SPALLED AREAS ON BRIDGE DECK STA 12+50 TO 14+00')
    expect(matches[0]?.defect.id).toBe('defect-bridge-deck-spalling-delamination')
    expect(matches[0]?.origin).toBe('text')
    expect(matchConfidence(matches)).toBe('medium')
  })

  it('prefers the description when both name the same defect', () => {
    const matches = top('rutting in the wheel paths', 'RUTTING STA 5+00')
    expect(matches[0]?.defect.id).toBe('defect-asphalt-rutting')
    expect(matches[0]?.origin).toBe('description')
  })

  it('returns at most three matches, best first', () => {
    const matches = top('cracks in the new bridge deck and spalling and exposed rebar and a torn joint seal')
    expect(matches.length).toBeLessThanOrEqual(3)
    for (let i = 1; i < matches.length; i++) expect(matches[i - 1]!.score).toBeGreaterThanOrEqual(matches[i]!.score)
  })
})

describe('matchConfidence', () => {
  it('is low with no match', () => {
    expect(matchConfidence([])).toBe('low')
  })

  it('is low when only part of a name matches', () => {
    const matches = top('the pipe has some gaps')
    expect(matches[0]?.defect.id).toBe('defect-drainage-pipe-joint-separation')
    expect(matches[0]?.fullMatches).toEqual([])
    expect(matchConfidence(matches)).toBe('low')
  })

  it.each(['spalling', 'loose bolts', 'the seal on the joint looks failed'])(
    'is medium, not high, when %j fits more than one defect or names no material',
    (description) => {
      expect(matchConfidence(top(description))).toBe('medium')
    },
  )

  it('is high for a word only one defect uses', () => {
    expect(matchConfidence(top('delamination'))).toBe('high')
  })
})

describe('textStems', () => {
  it('adds synonyms and plain-word expansions', () => {
    const stems = textStems('blacktop rebar guard rail')
    expect(stems.has('asphalt')).toBe(true)
    expect(stems.has('reinforc')).toBe(true)
    expect(stems.has('guardrail')).toBe(true)
  })
})

describe('what the diagnosis says matched (issue 15)', () => {
  const said = (description: string, text = '') => {
    const [match] = top(description, text)
    if (!match) throw new Error(`no match for ${description}`)
    return { match, text: matchedOnText(match, { description, text }, vocabulary) }
  }

  it("quotes the user's own words, never the guide's phrase as if typed", () => {
    const { match, text } = said('the asphalt has cracks in the wheel paths like a net')
    expect(match.defect.id).toBe('defect-asphalt-alligator-cracking')
    expect(text).toContain("'cracks in the wheel paths'")
    expect(text).toContain('in your description')
    expect(text).not.toMatch(/Matched on 'wheel path cracking'/)
    // The guide's phrase is named as the guide's.
    expect(text).toMatch(/\(the defect guide's '[^']+'\)/)
  })

  it('quotes a phrase typed exactly as the guide words it without repeating it', () => {
    const { text } = said('alligator cracking')
    expect(text).toBe("Matched on 'alligator cracking' in your description.")
  })

  it('finds words matched through spelling correction and synonyms', () => {
    expect(said('aligator cracking in the blacktop').text).toContain("'aligator cracking'")
    expect(matchedPieces('big pot holes everywhere', 'pothole', vocabulary)).toEqual(['pot holes'])
  })

  it('says so, instead of quoting, when no single word carries the match', () => {
    const match = top('alligator cracking in the outside wheel path')[0]!
    expect(matchedOnText(match, { description: 'xyz', text: '' }, vocabulary)).toMatch(/^Matched the defect guide's '.+' through words of similar meaning in your description\.$/)
  })

  it('names the text read from the upload when that is where it matched', () => {
    const { match, text } = said('', 'NOTE: ALLIGATOR CRACKING IN WHEEL PATH, PATCH FULL DEPTH')
    expect(match.origin).toBe('text')
    expect(text).toContain('in the text read from the upload')
    expect(text).toContain("'ALLIGATOR CRACKING IN WHEEL PATH'")
  })
})

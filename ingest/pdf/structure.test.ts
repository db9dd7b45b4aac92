import { describe, expect, it } from 'vitest'
import { compareNumbers, isTitleLike, parseSpecBook, type PageText } from './structure'

const META = { document: 'SCDOT Standard Specifications for Highway Construction', edition: '2025' }
const HEADER = 'SCDOT Standard Specifications 2025\tDivision 400'

/** A page as pdf-parse returns it: running header first, page label as the last line. */
function page(num: number, label: string | null, body: string[], header = HEADER): PageText {
  return { num, text: [header, ...body, ...(label ? [label] : [])].join('\n') }
}

function sampleBook(): PageText[] {
  return [
    {
      num: 1,
      text: [
        'TABLE OF CONTENTS',
        'DIVISION 400 ASPHALT PAVEMENTS ........................ 401-1',
        'SECTION 401 HOT-MIX ASPHALT PAVEMENT .................. 401-1',
        '401.1 Description ..................................... 401-1',
        '401.2 Materials ....................................... 401-1',
        '401.4 Construction Requirements ....................... 401-3',
        'i',
      ].join('\n'),
    },
    page(2, '401-1', [
      'DIVISION 400',
      'ASPHALT PAVEMENTS',
      'SECTION 401',
      'HOT-MIX ASPHALT PAVEMENT',
      '401.1 Description',
      'This work consists of the construc-',
      'tion of one or more courses of hot-mix asphalt on a prepared foundation.',
      '401.2 Materials',
      '401.2.1 Asphalt Binder',
      'Use a performance graded binder meeting the requirements of Subsection',
      '401.4 of this section requires the binder to be sampled at the plant. Lifts over',
      '2.5 inches thick are placed in two layers.',
    ]),
    page(3, '401-2', [
      '401.2.2 Mix Design',
      '401.2.2.1 Job Mix Formula',
      'Submit a job mix formula for each mixture at least 30 days before paving.',
      'Table 401-1 Job Mix Formula Tolerances',
      'Property\tTolerance',
      'Asphalt binder content\t± 0.3 percent',
      'Passing No. 200 sieve\t± 1.0 percent',
      'The Engineer may adjust the job mix formula when the tests show a need for it.',
    ]),
    page(4, '401-3', [
      '401.3 Equipment',
      'Use pavers with automatic screed controls.',
      '401.4 Construction Requirements',
      '401.4.1 General',
      'Place the mixture only on a dry, prepared surface.',
      '401.4.2 Weather Limitations',
      'Do not place mixture when the air temperature is below 40°F.',
    ]),
  ]
}

describe('parseSpecBook', () => {
  const book = parseSpecBook(sampleBook(), META)
  const byNumber = new Map(book.sections.map((section) => [section.number, section]))

  it('finds the division, the section and every subsection in order, skipping the table of contents', () => {
    expect(book.divisions).toEqual([{ number: '400', title: 'ASPHALT PAVEMENTS' }])
    expect(book.sections.map((s) => [s.number, s.title, s.level, s.parent])).toEqual([
      ['401', 'HOT-MIX ASPHALT PAVEMENT', 1, null],
      ['401.1', 'Description', 2, '401'],
      ['401.2', 'Materials', 2, '401'],
      ['401.2.1', 'Asphalt Binder', 3, '401.2'],
      ['401.2.2', 'Mix Design', 3, '401.2'],
      ['401.2.2.1', 'Job Mix Formula', 4, '401.2.2'],
      ['401.3', 'Equipment', 2, '401'],
      ['401.4', 'Construction Requirements', 2, '401'],
      ['401.4.1', 'General', 3, '401.4'],
      ['401.4.2', 'Weather Limitations', 3, '401.4'],
    ])
    expect(book.sections.every((s) => s.division === '400')).toBe(true)
    expect(book.warnings).toEqual([])
  })

  it('records page ranges and removes running headers and page labels', () => {
    expect(byNumber.get('401')).toMatchObject({ pageStart: 2, pageEnd: 2 })
    expect(byNumber.get('401.2.1')).toMatchObject({ pageStart: 2, pageEnd: 2 })
    expect(byNumber.get('401.2.2.1')).toMatchObject({ pageStart: 3, pageEnd: 3 })
    expect(byNumber.get('401.4.2')).toMatchObject({ pageStart: 4, pageEnd: 4 })
    const all = book.sections.map((s) => s.text).join('\n')
    expect(all).not.toMatch(/SCDOT Standard Specifications 2025|Division 400|^401-\d$|\.{4}|^i$/m)
  })

  it('joins hyphenated line breaks and keeps numbers in running text as text', () => {
    expect(byNumber.get('401.1')!.text).toBe(
      'This work consists of the construction of one or more courses of hot-mix asphalt on a prepared foundation.',
    )
    expect(byNumber.get('401.2.1')!.text).toContain(
      'requirements of Subsection 401.4 of this section requires the binder to be sampled at the plant. Lifts over 2.5 inches thick',
    )
    expect(byNumber.has('401.4')).toBe(true)
    expect(byNumber.get('401.4')!.pageStart).toBe(4)
  })

  it('marks a bare heading and carries it into its first child', () => {
    expect(byNumber.get('401.2.2')).toMatchObject({ bare: true, text: '', blocks: [] })
    expect(byNumber.get('401.2.2.1')!.carries).toEqual(['401.2.2'])
    expect(byNumber.get('401.2')).toMatchObject({ bare: true })
    expect(byNumber.get('401.2.1')!.carries).toEqual(['401.2'])
    expect(byNumber.get('401.3')!.bare).toBe(false)
  })

  it('keeps a table whole with its title, also inline in the text', () => {
    const section = byNumber.get('401.2.2.1')!
    expect(section.tables).toEqual([
      {
        number: '401-1',
        title: 'Table 401-1 Job Mix Formula Tolerances',
        rows: [
          'Property | Tolerance',
          'Asphalt binder content | ± 0.3 percent',
          'Passing No. 200 sieve | ± 1.0 percent',
        ],
        text: [
          'Table 401-1 Job Mix Formula Tolerances',
          'Property | Tolerance',
          'Asphalt binder content | ± 0.3 percent',
          'Passing No. 200 sieve | ± 1.0 percent',
        ].join('\n'),
        pageStart: 3,
        pageEnd: 3,
      },
    ])
    expect(section.blocks.map((b) => b.kind)).toEqual(['paragraph', 'table', 'paragraph'])
    expect(section.text).toContain(section.tables[0]!.text)
    expect(section.text).toMatch(/The Engineer may adjust the job mix formula when the tests show a need for it\.$/)
  })
})

describe('headings', () => {
  const parse = (body: string[]) => parseSpecBook([{ num: 7, text: body.join('\n') }], META)

  it('reads titles on the heading line and multi-line capital titles', () => {
    const book = parse([
      'DIVISION 400 ASPHALT PAVEMENTS',
      'SECTION 401 — HOT-MIX ASPHALT PAVEMENT',
      '401.1 Description',
      'Text.',
      'SECTION 402',
      'ASPHALT SURFACE TREATMENT AND',
      'SEAL COATS',
      '402.1 Description',
      'More text.',
    ])
    expect(book.divisions).toEqual([{ number: '400', title: 'ASPHALT PAVEMENTS' }])
    expect(book.sections.filter((s) => s.level === 1).map((s) => s.title)).toEqual([
      'HOT-MIX ASPHALT PAVEMENT',
      'ASPHALT SURFACE TREATMENT AND SEAL COATS',
    ])
  })

  it('does not take running text or table rows for headings', () => {
    const book = parse([
      'SECTION 401 HOT-MIX ASPHALT PAVEMENT',
      '401.1 Description',
      'The binder content shall be as specified in',
      '401.2 Materials and Equipment for the work.',
      'Section 401 applies to all mixtures placed under this contract.',
      '401 12.5 mm 19.0 mm',
      '401.3 of this section requires approval.',
      'Division 400 of these specifications covers pavements.',
    ])
    expect(book.sections.map((s) => s.number)).toEqual(['401', '401.1'])
    expect(book.sections[1]!.text).toContain('Section 401 applies to all mixtures')
    expect(book.sections[1]!.text).toContain('401 12.5 mm 19.0 mm')
    expect(book.sections[1]!.text).toContain('Division 400 of these specifications covers pavements.')
  })

  it('reads run-in headings, AASHTO style', () => {
    const book = parse([
      'SECTION 401 HOT-MIX ASPHALT PAVEMENT',
      '401.01 Description. This work consists of placing hot-mix asphalt.',
      '401.02 Materials.',
      'Use approved materials.',
    ])
    expect(book.sections.map((s) => [s.number, s.title, s.text])).toEqual([
      ['401', 'HOT-MIX ASPHALT PAVEMENT', ''],
      ['401.01', 'Description', 'This work consists of placing hot-mix asphalt.'],
      ['401.02', 'Materials', 'Use approved materials.'],
    ])
  })

  it('warns about out-of-order, repeated, foreign and sentence-case headings without crashing', () => {
    const book = parse([
      'SECTION 401 HOT-MIX ASPHALT PAVEMENT',
      '401.1 Description',
      'Text one.',
      '401.3 Equipment',
      'Text three.',
      '401.2 Materials',
      'Text two.',
      '401.3 Equipment',
      '402.1 Description',
      '401.4 Weather limitations',
      'Text four.',
    ])
    expect(book.sections.map((s) => s.number)).toEqual(['401', '401.1', '401.3'])
    expect(book.sections[2]!.text).toContain('401.2 Materials')
    expect(book.warnings).toEqual([
      "Page 7: '401.2 Materials' comes after 401.3 (out of order); kept as text.",
      "Page 7: '401.3 Equipment' repeats subsection 401.3; kept as text.",
      "Page 7: '402.1 Description' looks like a heading of section 402, but the current section is 401; kept as text.",
      "Page 7: '401.4 Weather limitations' was kept as text: a heading needs a Title-Cased title.",
      'No DIVISION 400 heading was found; division 400 was inferred from section 401.',
    ])
  })

  it('places a subsection under its nearest ancestor when a level is missing', () => {
    const book = parse([
      'SECTION 401 HOT-MIX ASPHALT PAVEMENT',
      '401.4 Construction',
      'Text.',
      '401.4.2.1 Night Work',
      'Text.',
    ])
    expect(book.sections.at(-1)).toMatchObject({ number: '401.4.2.1', parent: '401.4', level: 4 })
    expect(book.warnings[0]).toBe('Page 7: 401.4.2.1 has no heading for 401.4.2; placed under 401.4.')
  })

  it('reports an empty section that is not bare, and front matter that was not indexed', () => {
    const book = parseSpecBook(
      [
        { num: 1, text: 'Standard Specifications\nfor Highway Construction' },
        {
          num: 2,
          text: 'SECTION 401 HOT-MIX ASPHALT PAVEMENT\n401.1 Description\n401.2 Reserved\n401.3 Equipment\nPavers.',
        },
      ],
      META,
    )
    expect(book.warnings).toEqual([
      '2 line(s) before the first section were not indexed (page 1).',
      'Page 2: 401.1 Description has no text.',
      'No DIVISION 400 heading was found; division 400 was inferred from section 401.',
    ])
    expect(book.divisions).toEqual([{ number: '400', title: '' }])
  })

  it('says so when there are no sections at all', () => {
    expect(parseSpecBook([{ num: 1, text: 'Minutes of the meeting' }], META).warnings).toContain(
      'No SECTION headings were found: this does not look like a specification book.',
    )
  })
})

describe('running headers, labels and tables across pages', () => {
  it('drops keyword running headers and a header naming the section that starts lower on the page', () => {
    const pages = [
      page(
        10,
        '401-1',
        ['SECTION 401', 'HOT-MIX ASPHALT PAVEMENT', '401.1 Description', 'Text on page ten.'],
        'Section 401',
      ),
      page(11, '401-2', ['More text on page eleven about the same subject and a long line here.'], 'Section 401'),
      page(
        12,
        '402-1',
        ['Last text of 401.', 'SECTION 402', 'ASPHALT SURFACE TREATMENT', '402.1 Description', 'Text of 402.'],
        'Section 402 Asphalt Surface Treatment',
      ),
    ]
    const book = parseSpecBook(pages, META)
    expect(book.sections.map((s) => [s.number, s.pageStart, s.pageEnd])).toEqual([
      ['401', 10, 10],
      ['401.1', 10, 12],
      ['402', 12, 12],
      ['402.1', 12, 12],
    ])
    expect(book.sections[1]!.text).toBe(
      'Text on page ten.\n\nMore text on page eleven about the same subject and a long line here. Last text of 401.',
    )
    expect(book.sections[2]!.title).toBe('ASPHALT SURFACE TREATMENT')
    expect(book.warnings).toEqual(['No DIVISION 400 heading was found; division 400 was inferred from section 401.'])
  })

  it('finds a page label written before the body and keeps section titles that differ only by number', () => {
    const bodies = ['Clear the site.', 'Grade the slopes.', 'Seed the shoulders.', 'Set the forms.']
    const pages = [401, 402, 403, 404].map((n, index) => ({
      num: index + 1,
      text: [HEADER, `${n}-1`, `SECTION ${n}`, `GENERATED SECTION ${n}`, `${n}.1 Description`, bodies[index]].join(
        '\n',
      ),
    }))
    const book = parseSpecBook(pages, META)
    expect(book.sections.filter((s) => s.level === 1).map((s) => s.title)).toEqual([
      'GENERATED SECTION 401',
      'GENERATED SECTION 402',
      'GENERATED SECTION 403',
      'GENERATED SECTION 404',
    ])
    expect(book.sections.map((s) => s.text).filter(Boolean)).toEqual(bodies)
  })

  it('continues a table across a page break and joins a word hyphenated across pages', () => {
    const pages = [
      page(20, '401-5', [
        'DIVISION 400 ASPHALT PAVEMENTS',
        'SECTION 401 HOT-MIX ASPHALT PAVEMENT',
        '401.5 Acceptance',
        'Table 401-2 Lot Sizes',
        'Mixture\tLot',
        'Surface\t1,000 tons',
      ]),
      page(21, '401-6', [
        'Table 401-2 Lot Sizes (continued)',
        'Base\t2,000 tons',
        'Intermediate\t1,500 tons',
        'Sample each lot at random locations selected by the Engineer, using the procedure of the depart-',
      ]),
      page(22, '401-7', ['ment for random sampling.']),
    ]
    const book = parseSpecBook(pages, META)
    const section = book.sections.find((s) => s.number === '401.5')!
    expect(section.tables).toHaveLength(1)
    expect(section.tables[0]).toMatchObject({
      title: 'Table 401-2 Lot Sizes',
      rows: ['Mixture | Lot', 'Surface | 1,000 tons', 'Base | 2,000 tons', 'Intermediate | 1,500 tons'],
      pageStart: 20,
      pageEnd: 21,
    })
    expect(section.blocks.at(-1)).toEqual({
      kind: 'paragraph',
      text: 'Sample each lot at random locations selected by the Engineer, using the procedure of the department for random sampling.',
      pageStart: 21,
      pageEnd: 22,
      pageBreaks: [
        {
          at: 'Sample each lot at random locations selected by the Engineer, using the procedure of the depart'.length,
          page: 22,
        },
      ],
    })
    expect(section.pageEnd).toBe(22)
  })

  it('ends an untabbed table at the first line of prose', () => {
    const book = parseSpecBook(
      [
        {
          num: 3,
          text: [
            'SECTION 401 HOT-MIX ASPHALT PAVEMENT',
            '401.6 Density',
            'Table 401-3',
            'Density Requirements',
            'Surface 92.0',
            'Base 91.0',
            'Note: Percent of maximum theoretical density,',
            'measured on cores.',
            'When the density of a lot is below the minimum the Engineer will apply a pay reduction.',
          ].join('\n'),
        },
      ],
      META,
    )
    const section = book.sections[1]!
    expect(section.tables[0]).toMatchObject({
      title: 'Table 401-3 Density Requirements',
      rows: ['Surface 92.0', 'Base 91.0', 'Note: Percent of maximum theoretical density,', 'measured on cores.'],
    })
    expect(section.blocks.at(-1)!.text).toBe(
      'When the density of a lot is below the minimum the Engineer will apply a pay reduction.',
    )
  })

  it('warns when page labels disagree with the sections found', () => {
    const pages = [
      page(1, '401-1', ['SECTION 401 HOT-MIX ASPHALT PAVEMENT', '401.1 Description', 'Text.']),
      page(2, '402-1', ['SECTION 402 has its heading set as an image here', '402.1 Description', 'Text.']),
      page(3, '402-2', ['More text of section 402 that the parser put in 401.1.']),
    ]
    const book = parseSpecBook(pages, META)
    expect(book.warnings).toContain(
      'The pages 2-3 labelled as section 402 were read as part of section 401: check the SECTION 402 heading.',
    )
  })

  it('keeps hyphens of compound words that the book writes with a hyphen', () => {
    const book = parseSpecBook(
      [
        {
          num: 1,
          text: [
            'SECTION 401 HOT-MIX ASPHALT PAVEMENT',
            '401.1 Description',
            'Use a well-graded aggregate. The aggregate shall be well-',
            'graded and clean. Place Hot-',
            'Mix Asphalt.',
          ].join('\n'),
        },
      ],
      META,
    )
    expect(book.sections[1]!.text).toBe(
      'Use a well-graded aggregate. The aggregate shall be well-graded and clean. Place Hot-Mix Asphalt.',
    )
  })
})

describe('contents and index', () => {
  it('skips an index at the back and a contents list at the start of a section', () => {
    const book = parseSpecBook(
      [
        page(1, '401-1', [
          'SECTION 401 HOT-MIX ASPHALT PAVEMENT',
          '401.1 Description',
          '401.2 Materials 401-2',
          'Hot-mix asphalt is placed in courses.',
          '401.2 Materials',
          'Use approved binder.',
        ]),
        page(2, '401-2', ['Binder must be sampled at the plant by the contractor as the work goes on.']),
        page(3, 'I-1', [
          'INDEX',
          'Aggregate, 401-2, 402-1',
          'Asphalt binder, 401-1, 401-2',
          'Density, 401-2',
          'Joints, 401-1',
          'Weather limitations, 401-2',
        ]),
      ],
      META,
    )
    expect(book.sections.map((s) => [s.number, s.text, s.pageEnd])).toEqual([
      ['401', '', 1],
      ['401.1', 'Hot-mix asphalt is placed in courses.', 1],
      [
        '401.2',
        'Use approved binder.\n\nBinder must be sampled at the plant by the contractor as the work goes on.',
        2,
      ],
    ])
    expect(book.warnings).toEqual(['No DIVISION 400 heading was found; division 400 was inferred from section 401.'])
  })

  it('takes a division title from the heading when a running header named the division first', () => {
    const book = parseSpecBook(
      [
        page(1, null, ['Division 400', 'Preface text of the book that is not indexed.'], 'SCDOT'),
        page(
          2,
          null,
          [
            'Division 400',
            'DIVISION 400',
            'ASPHALT PAVEMENTS',
            'SECTION 401 HOT-MIX ASPHALT PAVEMENT',
            '401.1 Description',
            'Text.',
          ],
          'SCDOT',
        ),
      ],
      META,
    )
    expect(book.divisions).toEqual([{ number: '400', title: 'ASPHALT PAVEMENTS' }])
    expect(book.sections.map((s) => s.number)).toEqual(['401', '401.1'])
  })
})

describe('helpers', () => {
  it('compares section numbers numerically', () => {
    expect(['401.10', '401.2', '401.2.1', '401'].sort(compareNumbers)).toEqual(['401', '401.2', '401.2.1', '401.10'])
  })

  it('recognises Title-Cased and capital titles only', () => {
    expect(isTitleLike('Construction Requirements')).toBe(true)
    expect(isTitleLike('Removal of Existing Pavement')).toBe(true)
    expect(isTitleLike('HOT-MIX ASPHALT (HMA) PAVEMENT')).toBe(true)
    expect(isTitleLike('of this section requires')).toBe(false)
    expect(isTitleLike('Weather limitations')).toBe(false)
    expect(isTitleLike('12.5 mm')).toBe(false)
    expect(isTitleLike('Construction Requirements 401-5')).toBe(false)
  })
})

import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { expectAccessible, expectAccessibleWithoutJs, failOnConsoleErrors } from './utils'

/**
 * /field-calculations. Every expected figure below was worked by hand from the formulas in
 * product-spec §9 (and checked against app/lib/calculators), e.g. asphalt 10+00 to 15+00, 12 ft,
 * 110 tons: 500 ft; 500 x 12 / 9 = 666.67 SY; 110 x 2000 / 666.667 = 330.00 lbs/SY.
 */

const PATH = '/field-calculations'
const ALL_IDS = [
  'asphalt-rate',
  'tack-rate',
  'random-cores',
  'concrete-volume',
  'compaction-percentage',
  'rebar-weight',
  'pipe-grade',
  'unit-conversion',
]
const RANDOM_NUMBER_ALERT = 'SCDOT Random Number must be a whole number between 1 and 999'

type Input = readonly [label: string, value: string]

interface Example {
  readonly id: string
  readonly name: string
  readonly inputs: readonly Input[]
  /** [figure label, displayed text]. */
  readonly figures: readonly (readonly [string, string])[]
  readonly check?: (card: Locator) => Promise<void>
}

const CORE_ROWS_2600_FT = [
  // 2600 ft lot -> ceil(2600 / 500) = 6 sections of 433.33 ft; offset 0.250 x 433.33 = 108.33 -> 108 ft.
  // 1000 + 108.33 = 1108 -> 11+08; + 433.33 each: 1541.67 -> 15+42, 1975 -> 19+75, 2408.33 -> 24+08,
  // 2841.67 -> 28+42, 3275 -> 32+75.
  ['1', '11+08', '108', 'Section 1 + 108 ft'],
  ['2', '15+42', '108', 'Section 2 + 108 ft'],
  ['3', '19+75', '108', 'Section 3 + 108 ft'],
  ['4', '24+08', '108', 'Section 4 + 108 ft'],
  ['5', '28+42', '108', 'Section 5 + 108 ft'],
  ['6', '32+75', '108', 'Section 6 + 108 ft'],
]

const EXAMPLES: readonly Example[] = [
  {
    id: 'asphalt-rate',
    name: 'Asphalt Application Rate',
    inputs: [
      ['Start Station', '10+00'],
      ['End Station', '15+00'],
      ['Width (ft)', '12'],
      ['Tonnage (tons)', '110'],
    ],
    figures: [
      ['Application Rate', '330.00 lbs/SY'],
      ['Linear Feet', '500 ft'],
      ['Square Yards', '666.67 SY'],
    ],
  },
  {
    id: 'tack-rate',
    name: 'Tack Coat Rate',
    // 120 gal used; multiplier 1 - 0.000122 x (140 - 39) = 0.98768; 120 x 0.987678 = 118.521 gal;
    // 118.521 / 666.667 = 0.1778 gal/SY.
    inputs: [
      ['Start Station', '10+00'],
      ['End Station', '15+00'],
      ['Width (ft)', '12'],
      ['Total Gallons (start of shot)', '500'],
      ['Gallons Remaining (end of shot)', '380'],
      ['Tack Temperature (°F)', '140'],
    ],
    figures: [
      ['Application Rate', '0.1778 gal/SY'],
      ['Linear Feet', '500 ft'],
      ['Square Yards', '666.67 SY'],
      ['Gallons Used', '120.000 gal'],
      ['Temperature Multiplier', '0.98768'],
      ['Actual Gallons', '118.521 gal'],
    ],
  },
  {
    id: 'random-cores',
    name: 'Random Core Locations',
    inputs: [
      ['Lot Start Station', '10+00'],
      ['Lot End Station', '36+00'],
      ['SCDOT Random Number (1-50 from table)', '250'],
    ],
    figures: [
      ['Lot Length', '2,600 ft'],
      ['Cores', '6'],
      ['Section Length', '433.33 ft'],
      ['Random Number', '250'],
    ],
    check: async (card) => {
      await expect(card.getByRole('table', { name: 'Core locations' })).toBeVisible()
      await expect(card.getByRole('columnheader')).toHaveText(['Core #', 'Station', 'Offset (ft)', 'Location'])
      const rows = card.locator('tbody tr')
      await expect(rows).toHaveCount(6)
      for (const [index, cells] of CORE_ROWS_2600_FT.entries()) {
        await expect(rows.nth(index).locator('td')).toHaveText(cells)
      }
    },
  },
  {
    id: 'concrete-volume',
    name: 'Concrete Volume',
    // 20 x 12 x 0.5 = 120 cu ft / 27 = 4.44 CY
    inputs: [
      ['Length (ft)', '20'],
      ['Width (ft)', '12'],
      ['Depth (ft)', '0.5'],
    ],
    figures: [['Concrete Volume', '4.44 CY']],
  },
  {
    id: 'compaction-percentage',
    name: 'Compaction Percentage',
    // 118.4 / 122 x 100 = 97.05 -> 97.0%
    inputs: [
      ['Field Density (pcf)', '118.4'],
      ['Maximum Density (pcf)', '122'],
    ],
    figures: [['Compaction', '97.0%']],
    check: async (card) => {
      await expect(card.getByTestId('compaction-status')).toHaveText('Meets standard (>=95%)')
    },
  },
  {
    id: 'rebar-weight',
    name: 'Rebar Weight',
    // #8 = 2.67 lbs/ft; 250 x 2.67 = 667.5 lbs
    inputs: [
      ['Bar Size', '#8'],
      ['Total Length (ft)', '250'],
    ],
    figures: [
      ['Rebar Weight', '667.5 lbs'],
      ['Unit Weight', '2.670 lbs/ft'],
    ],
  },
  {
    id: 'pipe-grade',
    name: 'Pipe Grade',
    // fall 100.50 - 98.25 = 2.25 ft; 2.25 / 150 x 100 = 1.50%
    inputs: [
      ['Start Invert Elevation (ft)', '100.50'],
      ['End Invert Elevation (ft)', '98.25'],
      ['Pipe Length (ft)', '150'],
    ],
    figures: [
      ['Pipe Grade', '1.50%'],
      ['Fall', '2.25 ft'],
    ],
  },
  {
    id: 'unit-conversion',
    name: 'Unit Conversion',
    // (20 - 32) x 5 / 9 = -6.667 °C: shown although negative (lead's decision, see display.ts).
    inputs: [
      ['Conversion', 'fahrenheit-to-celsius'],
      ['Value to Convert', '20'],
    ],
    figures: [
      ['Result', '-6.667 °C'],
      ['From', '20 °F'],
    ],
    check: async (card) => {
      await expect(card.getByText('Fahrenheit to Celsius: 20 °F = -6.667 °C')).toBeVisible()
    },
  },
]

const card = (page: Page, id: string) => page.locator(`section#${id}`)
const figure = (scope: Locator, label: string) =>
  scope.locator(`xpath=.//dt[normalize-space(.)="${label}"]/following-sibling::dd[1]`)

async function fillInputs(scope: Locator, inputs: readonly Input[]) {
  for (const [label, value] of inputs) {
    const control = scope.getByLabel(label, { exact: true })
    if ((await control.evaluate((el) => el.tagName)) === 'SELECT') await control.selectOption(value)
    else await control.fill(value)
  }
}

async function expectFigures(scope: Locator, figures: Example['figures']) {
  for (const [label, text] of figures) await expect(figure(scope, label), label).toHaveText(text)
}

async function visibleCardIds(page: Page) {
  return page.locator('section[id][aria-labelledby$="-title"]').evaluateAll((els) => els.map((el) => el.id))
}

/** Loads the page and waits until React has hydrated (inputs then drive the live results). */
async function openHydrated(page: Page, path = PATH) {
  await page.goto(path)
  await page.waitForLoadState('networkidle')
}

test.describe('field calculations with JavaScript', () => {
  test('header, notice, eight cards in catalogue order, no request after load, axe', async ({ page }) => {
    const check = failOnConsoleErrors(page)
    await openHydrated(page)
    await expect(page).toHaveTitle('Field Calculations - Specifications Only')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Field Calculations')
    await expect(page.getByRole('main').getByRole('link', { name: 'Back to Search' })).toHaveAttribute('href', '/')
    await expect(page.getByTestId('verify-notice')).toHaveText(
      'Always verify requirements against the official SCDOT documents before acting on them.',
    )
    const search = page.getByRole('searchbox', { name: 'Search calculators' })
    await expect(search).toHaveAttribute('placeholder', 'Search calculators: concrete, asphalt, rebar...')
    expect(await visibleCardIds(page)).toEqual(ALL_IDS)
    for (const example of EXAMPLES) {
      const scope = card(page, example.id)
      await expect(scope.getByRole('heading', { level: 2 })).toHaveText(example.name)
      await expect(scope.getByRole('button', { name: 'Calculate' })).toBeVisible()
      await expect(scope.getByRole('button', { name: 'Reset' })).toBeVisible()
    }
    await expectAccessible(page)

    // Catalogue and formulas ship with the page: typing, filtering and calculating fetch nothing.
    const requests: string[] = []
    page.on('request', (request) => requests.push(request.url()))
    await search.fill('asphalt')
    await page.getByRole('link', { name: 'Show All' }).click()
    await fillInputs(card(page, 'concrete-volume'), EXAMPLES[3]!.inputs)
    await card(page, 'concrete-volume').getByRole('button', { name: 'Calculate' }).click()
    await expect(figure(card(page, 'concrete-volume'), 'Concrete Volume')).toHaveText('4.44 CY')
    expect(requests).toEqual([])
    expect(page.url()).toMatch(/\/field-calculations$/)
    check()
  })

  for (const example of EXAMPLES) {
    test(`${example.id}: live result from the labelled inputs`, async ({ page }) => {
      const check = failOnConsoleErrors(page)
      await openHydrated(page)
      const scope = card(page, example.id)
      // Nothing shows until every required input is there.
      await fillInputs(scope, example.inputs.slice(0, -1))
      await expect(scope.getByTestId(`${example.id}-result`)).toHaveCount(0)
      await fillInputs(scope, example.inputs.slice(-1))
      // Live: no click on Calculate.
      await expectFigures(scope, example.figures)
      await example.check?.(scope)
      // Calculate (submit rules) gives the same figures.
      await scope.getByRole('button', { name: 'Calculate' }).click()
      await expectFigures(scope, example.figures)
      await expect(page).toHaveURL(/\/field-calculations$/)
      check()
    })
  }

  test('more worked examples: text location, below standard, negative grade, psi', async ({ page }) => {
    await openHydrated(page)
    const cores = card(page, 'random-cores')
    // 1000 ft lot -> 2 cores, sections 500 ft; 37 / 1000 x 500 = 18.5 -> 19 ft: 10+19 and 15+19.
    await fillInputs(cores, [
      ['Lot Start Station', '10+00'],
      ['Lot End Station', '20+00'],
      ['SCDOT Random Number (1-50 from table)', '37'],
      ['Text Location (optional)', 'Left wheel path'],
    ])
    await expect(cores.locator('tbody tr').nth(0).locator('td')).toHaveText(['1', '10+19', '19', 'Left wheel path + 19 ft'])
    await expect(cores.locator('tbody tr').nth(1).locator('td')).toHaveText(['2', '15+19', '19', 'Left wheel path + 19 ft'])

    const compaction = card(page, 'compaction-percentage')
    // 110 / 120 x 100 = 91.67 -> 91.7%
    await fillInputs(compaction, [
      ['Field Density (pcf)', '110'],
      ['Maximum Density (pcf)', '120'],
    ])
    await expect(figure(compaction, 'Compaction')).toHaveText('91.7%')
    await expect(compaction.getByTestId('compaction-status')).toHaveText('Below standard (>=95%)')

    const pipe = card(page, 'pipe-grade')
    // (98 - 99) / 50 x 100 = -2.00%: nonzero, so shown.
    await fillInputs(pipe, [
      ['Start Invert Elevation (ft)', '98'],
      ['End Invert Elevation (ft)', '99'],
      ['Pipe Length (ft)', '50'],
    ])
    await expect(figure(pipe, 'Pipe Grade')).toHaveText('-2.00%')
    await expect(figure(pipe, 'Fall')).toHaveText('-1.00 ft')

    const conversion = card(page, 'unit-conversion')
    // 4000 x 0.00689476 = 27.579 MPa
    await fillInputs(conversion, [
      ['Conversion', 'psi-to-mpa'],
      ['Value to Convert', '4000'],
    ])
    await expect(figure(conversion, 'Result')).toHaveText('27.579 MPa')
    await expect(figure(conversion, 'From')).toHaveText('4,000 psi')
  })

  test('tack temperature: fixed multiplier below 32 live, range message on Calculate, warning logged', async ({ page }) => {
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    await openHydrated(page)
    const tack = card(page, 'tack-rate')
    await fillInputs(tack, EXAMPLES[1]!.inputs)
    // 31 °F: fixed 1.02075; 120 x 1.02075 = 122.490 gal; / 666.667 = 0.1837 gal/SY.
    await tack.getByLabel('Tack Temperature (°F)').fill('31')
    await expect(figure(tack, 'Temperature Multiplier')).toHaveText('1.02075')
    await expect(figure(tack, 'Application Rate')).toHaveText('0.1837 gal/SY')
    await expect(tack.getByText('Below 32 °F the multiplier is fixed at 1.02075.')).toBeVisible()
    // The input's range (32-200) applies on Calculate, as a browser form would apply it.
    await tack.getByRole('button', { name: 'Calculate' }).click()
    await expect(tack.getByRole('alert')).toHaveText('Tack Temperature (°F) must be between 32 and 200')
    await expect(tack.getByLabel('Tack Temperature (°F)')).toHaveAttribute('aria-invalid', 'true')
    await expect(tack.getByTestId('tack-rate-result')).toHaveCount(0)
    // Editing goes back to live rules. 500 °F: 1 - 0.000122 x 461 = 0.94376, outside 0.95-1.05.
    await tack.getByLabel('Tack Temperature (°F)').fill('500')
    await expect(tack.getByRole('alert')).toHaveCount(0)
    await expect(figure(tack, 'Temperature Multiplier')).toHaveText('0.94376')
    await expect(figure(tack, 'Application Rate')).toHaveText('0.1699 gal/SY')
    const warning =
      'Temperature multiplier 0.94376 is outside the expected range 0.95-1.05; check the tack temperature'
    await expect.poll(() => warnings).toContain(warning)
    await expect(tack.getByText(warning)).toBeVisible()
  })

  test('random number outside 1-999 or not whole: the SCDOT alert', async ({ page }) => {
    await openHydrated(page)
    const cores = card(page, 'random-cores')
    await fillInputs(cores, EXAMPLES[2]!.inputs)
    const number = cores.getByLabel('SCDOT Random Number (1-50 from table)')
    for (const bad of ['1000', '1.5', '0']) {
      await number.fill(bad)
      await expect(cores.getByRole('alert'), bad).toHaveText(RANDOM_NUMBER_ALERT)
      await expect(number).toHaveAttribute('aria-invalid', 'true')
      await expect(cores.locator('tbody tr')).toHaveCount(0)
    }
    await expectAccessible(page)
    await number.fill('250')
    await expect(cores.getByRole('alert')).toHaveCount(0)
    await expect(cores.locator('tbody tr')).toHaveCount(6)
  })

  test('Calculate before every input is there explains what is missing; a zero result explains itself', async ({ page }) => {
    await openHydrated(page)
    const concrete = card(page, 'concrete-volume')
    await concrete.getByRole('button', { name: 'Calculate' }).click()
    await expect(concrete.getByTestId('concrete-volume-output')).toHaveText(
      'Enter Length (ft), Width (ft) and Depth (ft) to calculate.',
    )
    await fillInputs(concrete, [
      ['Length (ft)', '20'],
      ['Width (ft)', '12'],
      ['Depth (ft)', '0'],
    ])
    // Typing clears the submitted state: nothing shows while incomplete.
    await expect(concrete.getByTestId('concrete-volume-output')).toHaveText('')
    await concrete.getByRole('button', { name: 'Calculate' }).click()
    await expect(concrete.getByTestId('concrete-volume-output')).toHaveText('Enter a value other than zero for Depth (ft).')

    const asphalt = card(page, 'asphalt-rate')
    await fillInputs(asphalt, [
      ['Start Station', '10+00'],
      ['End Station', '10+00'],
      ['Width (ft)', '12'],
      ['Tonnage (tons)', '40'],
    ])
    await expect(asphalt.getByTestId('asphalt-rate-output')).toHaveText('')
    await asphalt.getByRole('button', { name: 'Calculate' }).click()
    await expect(asphalt.getByTestId('asphalt-rate-output')).toHaveText(
      'Nothing to show: the result works out to zero. Check the inputs.',
    )
    // A decimal point inside a station is refused rather than stripped (23+50.5 would become 23+505).
    await asphalt.getByLabel('Start Station').fill('10+00.5')
    await expect(asphalt.getByRole('alert')).toHaveText('Start Station must be a station in whole feet, such as 23+50')
  })

  test('Reset clears only its own card back to the initial inputs', async ({ page }) => {
    await openHydrated(page)
    const rebar = card(page, 'rebar-weight')
    await fillInputs(rebar, EXAMPLES[5]!.inputs)
    const asphalt = card(page, 'asphalt-rate')
    await fillInputs(asphalt, EXAMPLES[0]!.inputs)
    await expect(figure(rebar, 'Rebar Weight')).toHaveText('667.5 lbs')
    await rebar.getByRole('button', { name: 'Reset' }).click()
    await expect(rebar.getByLabel('Bar Size')).toHaveValue('#5')
    await expect(rebar.getByLabel('Total Length (ft)')).toHaveValue('')
    await expect(rebar.getByTestId('rebar-weight-output')).toHaveText('')
    await expect(figure(asphalt, 'Application Rate')).toHaveText('330.00 lbs/SY')
    await asphalt.getByRole('button', { name: 'Reset' }).click()
    for (const [label] of EXAMPLES[0]!.inputs) await expect(asphalt.getByLabel(label, { exact: true })).toHaveValue('')
    await expect(asphalt.getByTestId('asphalt-rate-result')).toHaveCount(0)
    await expect(page).toHaveURL(/\/field-calculations$/)
  })

  test('search matches name, description, keywords or category, case-insensitively', async ({ page }) => {
    await openHydrated(page)
    const search = page.getByRole('searchbox', { name: 'Search calculators' })
    const found = page.getByTestId('found-message')
    await expect(found).toHaveText('')
    const cases: [string, string[]][] = [
      ['Concrete', ['concrete-volume', 'rebar-weight']],
      ['REBAR WEIGHT', ['rebar-weight']], // name
      ['distributor readings', ['tack-rate']], // description
      ['culvert', ['pipe-grade']], // keyword
      ['earthwork', ['compaction-percentage']], // category
      ['bridge deck paint', []],
    ]
    for (const [query, ids] of cases) {
      await search.fill(query)
      await expect(found).toHaveText(`Found ${ids.length} calculator(s) matching "${query}"`)
      expect(await visibleCardIds(page), query).toEqual(ids)
    }
    await expect(page.getByText('No calculator matches that search.')).toBeVisible()
    await search.fill('')
    await expect(found).toHaveText('')
    expect(await visibleCardIds(page)).toEqual(ALL_IDS)
  })

  test('each category chip sets the search text; Show All clears it', async ({ page }) => {
    await openHydrated(page)
    const search = page.getByRole('searchbox', { name: 'Search calculators' })
    const found = page.getByTestId('found-message')
    const chips: [string, string, string[]][] = [
      ['Asphalt & Paving', 'asphalt', ['asphalt-rate', 'tack-rate', 'random-cores']],
      ['Concrete & Materials', 'concrete', ['concrete-volume', 'rebar-weight']],
      ['Earthwork & Soil', 'soil', ['compaction-percentage']],
      ['Drainage & Utilities', 'drainage', ['pipe-grade']],
      ['Quality Control', 'quality', ['random-cores']],
      ['General Utilities', 'conversion', ['unit-conversion']],
    ]
    const nav = page.getByRole('navigation', { name: 'Calculator categories' })
    await expect(nav.getByRole('link')).toHaveText([...chips.map(([label]) => label), 'Show All'])
    for (const [label, word, ids] of chips) {
      const chip = nav.getByRole('link', { name: label })
      await chip.click()
      await expect(search).toHaveValue(word)
      await expect(found).toHaveText(`Found ${ids.length} calculator(s) matching "${word}"`)
      await expect(chip).toHaveAttribute('aria-current', 'true')
      expect(await visibleCardIds(page), label).toEqual(ids)
    }
    await nav.getByRole('link', { name: 'Show All' }).click()
    await expect(search).toHaveValue('')
    await expect(found).toHaveText('')
    expect(await visibleCardIds(page)).toEqual(ALL_IDS)
    await expect(page).toHaveURL(/\/field-calculations$/)
  })

  test('each card keeps its inputs and result while searching and filtering', async ({ page }) => {
    await openHydrated(page)
    await fillInputs(card(page, 'asphalt-rate'), EXAMPLES[0]!.inputs)
    await fillInputs(card(page, 'compaction-percentage'), EXAMPLES[4]!.inputs)
    await page.getByRole('link', { name: 'Concrete & Materials' }).click()
    await expect(card(page, 'asphalt-rate')).toHaveCount(0)
    await fillInputs(card(page, 'concrete-volume'), EXAMPLES[3]!.inputs)
    await page.getByRole('searchbox', { name: 'Search calculators' }).fill('density')
    expect(await visibleCardIds(page)).toEqual(['random-cores', 'compaction-percentage'])
    await expect(figure(card(page, 'compaction-percentage'), 'Compaction')).toHaveText('97.0%')
    await page.getByRole('link', { name: 'Show All' }).click()
    const asphalt = card(page, 'asphalt-rate')
    await expect(asphalt.getByLabel('Start Station')).toHaveValue('10+00')
    await expect(asphalt.getByLabel('Tonnage (tons)')).toHaveValue('110')
    await expect(figure(asphalt, 'Application Rate')).toHaveText('330.00 lbs/SY')
    await expect(figure(card(page, 'concrete-volume'), 'Concrete Volume')).toHaveText('4.44 CY')
  })

  test('a stored target selects its card, scrolls to it and is removed', async ({ page }) => {
    await page.goto('/')
    await page.evaluate(() => sessionStorage.setItem('targetCalculation', 'pipe-grade'))
    await openHydrated(page)
    const pipe = card(page, 'pipe-grade')
    await expect(pipe).toHaveAttribute('data-selected', 'true')
    await expect(pipe).toHaveAttribute('aria-current', 'true')
    await expect(pipe).toBeInViewport()
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200)
    expect(await page.evaluate(() => sessionStorage.getItem('targetCalculation'))).toBeNull()
    await expect(page.locator('[data-selected="true"]')).toHaveCount(1)
    // Used once: a reload does not select again.
    await page.reload()
    await page.waitForLoadState('networkidle')
    await expect(page.locator('[data-selected="true"]')).toHaveCount(0)
  })

  test('the stored target wins over the hash; an unknown stored value is dropped', async ({ page }) => {
    await page.goto('/')
    await page.evaluate(() => sessionStorage.setItem('targetCalculation', 'rebar-weight'))
    await openHydrated(page, `${PATH}#tack-rate`)
    await expect(card(page, 'rebar-weight')).toHaveAttribute('data-selected', 'true')
    await expect(card(page, 'tack-rate')).not.toHaveAttribute('data-selected', 'true')
    await page.evaluate(() => sessionStorage.setItem('targetCalculation', 'bridge-paint'))
    await openHydrated(page, PATH)
    await expect(page.locator('[data-selected="true"]')).toHaveCount(0)
    expect(await page.evaluate(() => sessionStorage.getItem('targetCalculation'))).toBeNull()
  })

  test('the URL hash selects a card; later hash changes are followed', async ({ page }) => {
    await openHydrated(page, `${PATH}#unit-conversion`)
    const conversion = card(page, 'unit-conversion')
    await expect(conversion).toHaveAttribute('data-selected', 'true')
    await expect(conversion).toBeInViewport()
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.evaluate(() => {
      window.location.hash = '#random-cores'
    })
    const cores = card(page, 'random-cores')
    await expect(cores).toHaveAttribute('data-selected', 'true')
    await expect(conversion).not.toHaveAttribute('data-selected', 'true')
    await expect(cores).toBeInViewport()
    // A card hidden by the current search is revealed by clearing the search.
    await page.getByRole('link', { name: 'Drainage & Utilities' }).click()
    await page.evaluate(() => {
      window.location.hash = '#compaction-percentage'
    })
    await expect(card(page, 'compaction-percentage')).toHaveAttribute('data-selected', 'true')
    await expect(card(page, 'compaction-percentage')).toBeInViewport()
    await expect(page.getByRole('searchbox', { name: 'Search calculators' })).toHaveValue('')
    await expectAccessible(page)
  })

  test('axe passes with results, a table and an alert on screen, light and dark', async ({ page }) => {
    test.slow() // two full axe runs over eight filled cards
    await openHydrated(page)
    for (const example of EXAMPLES) await fillInputs(card(page, example.id), example.inputs)
    await expect(card(page, 'random-cores').locator('tbody tr')).toHaveCount(6)
    await card(page, 'pipe-grade').getByLabel('Pipe Length (ft)').fill('-5')
    await expect(card(page, 'pipe-grade').getByRole('alert')).toHaveText('Pipe Length (ft) cannot be negative')
    await fillInputs(card(page, 'compaction-percentage'), [['Field Density (pcf)', '110']])
    await expect(card(page, 'compaction-percentage').getByTestId('compaction-status')).toHaveText('Below standard (>=95%)')
    await expectAccessible(page)
    // The same screen in the dark theme (sunlight aside, night paving).
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'))
    await expectAccessible(page)
  })
})

test.describe('field calculations without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  async function calculateNoJs(page: Page, id: string) {
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(PATH)),
      card(page, id).getByRole('button', { name: 'Calculate' }).click(),
    ])
    await page.waitForLoadState('load')
    return response
  }

  test('the page renders complete and passes axe', async ({ page, browser }) => {
    const response = await page.goto(PATH)
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Field Calculations')
    await expect(page.getByTestId('verify-notice')).toContainText('Always verify requirements')
    expect(await visibleCardIds(page)).toEqual(ALL_IDS)
    for (const id of ALL_IDS) {
      const form = card(page, id).locator('form')
      await expect(form).toHaveAttribute('method', 'post')
      await expect(form).toHaveAttribute('action', `${PATH}#${id}`)
      await expect(form.locator('input[type="hidden"][name="calculator"]')).toHaveValue(id)
    }
    await expectAccessibleWithoutJs(browser, page)
  })

  for (const example of EXAMPLES) {
    test(`${example.id}: posted, computed by the action, lands on the card with the inputs kept`, async ({ page }) => {
      await page.goto(PATH)
      const scope = card(page, example.id)
      await fillInputs(scope, example.inputs)
      const response = await calculateNoJs(page, example.id)
      expect(response.status()).toBe(200)
      await expect(page).toHaveURL(new RegExp(`/field-calculations#${example.id}$`))
      await expectFigures(scope, example.figures)
      await example.check?.(scope)
      for (const [label, value] of example.inputs) await expect(scope.getByLabel(label, { exact: true })).toHaveValue(value)
      await expect(scope).toBeInViewport()
      // Other cards are untouched.
      expect(await page.getByTestId(/-result$/).count()).toBe(1)
    })
  }

  test('random number 1000 and 1.5: the SCDOT alert from the action (400), inputs kept', async ({ page, browser }) => {
    await page.goto(PATH)
    const cores = card(page, 'random-cores')
    for (const bad of ['1000', '1.5']) {
      await fillInputs(cores, [...EXAMPLES[2]!.inputs.slice(0, 2), ['SCDOT Random Number (1-50 from table)', bad]])
      const response = await calculateNoJs(page, 'random-cores')
      expect(response.status(), bad).toBe(400)
      await expect(cores.getByRole('alert'), bad).toHaveText(RANDOM_NUMBER_ALERT)
      await expect(cores.getByLabel('SCDOT Random Number (1-50 from table)')).toHaveValue(bad)
      await expect(cores.locator('tbody tr')).toHaveCount(0)
    }
    await expectAccessibleWithoutJs(browser, page)
  })

  test('incomplete input and out-of-range temperature get clear messages, never a 500', async ({ page }) => {
    await page.goto(PATH)
    let response = await calculateNoJs(page, 'asphalt-rate')
    expect(response.status()).toBe(400)
    await expect(card(page, 'asphalt-rate').getByTestId('asphalt-rate-output')).toHaveText(
      'Enter Start Station, End Station, Width (ft) and Tonnage (tons) to calculate.',
    )
    const tack = card(page, 'tack-rate')
    await fillInputs(tack, [...EXAMPLES[1]!.inputs.slice(0, -1), ['Tack Temperature (°F)', '201']])
    response = await calculateNoJs(page, 'tack-rate')
    expect(response.status()).toBe(400)
    await expect(tack.getByRole('alert')).toHaveText('Tack Temperature (°F) must be between 32 and 200')
  })

  test('Reset posts and brings the card back blank', async ({ page }) => {
    await page.goto(PATH)
    const rebar = card(page, 'rebar-weight')
    await fillInputs(rebar, EXAMPLES[5]!.inputs)
    await calculateNoJs(page, 'rebar-weight')
    await expect(figure(rebar, 'Rebar Weight')).toHaveText('667.5 lbs')
    await rebar.getByRole('button', { name: 'Reset' }).click()
    await expect(page).toHaveURL(/\/field-calculations#rebar-weight$/)
    await expect(rebar.getByLabel('Bar Size')).toHaveValue('#5')
    await expect(rebar.getByLabel('Total Length (ft)')).toHaveValue('')
    await expect(rebar.getByTestId('rebar-weight-result')).toHaveCount(0)
  })

  test('search is a GET form and the chips are links the loader filters', async ({ page }) => {
    await page.goto(PATH)
    await page.getByRole('searchbox', { name: 'Search calculators' }).fill('Rebar')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page).toHaveURL(/\/field-calculations\?q=Rebar$/)
    await expect(page.getByTestId('found-message')).toHaveText('Found 1 calculator(s) matching "Rebar"')
    // Without JavaScript the new page is parsed progressively: poll until every card has arrived.
    await expect.poll(() => visibleCardIds(page)).toEqual(['rebar-weight'])

    const chips: [string, string, string[]][] = [
      ['Asphalt & Paving', 'asphalt', ['asphalt-rate', 'tack-rate', 'random-cores']],
      ['Concrete & Materials', 'concrete', ['concrete-volume', 'rebar-weight']],
      ['Earthwork & Soil', 'soil', ['compaction-percentage']],
      ['Drainage & Utilities', 'drainage', ['pipe-grade']],
      ['Quality Control', 'quality', ['random-cores']],
      ['General Utilities', 'conversion', ['unit-conversion']],
    ]
    for (const [label, word, ids] of chips) {
      await page.getByRole('link', { name: label }).click()
      await expect(page).toHaveURL(new RegExp(`/field-calculations\\?q=${word}$`))
      await expect(page.getByRole('searchbox', { name: 'Search calculators' })).toHaveValue(word)
      await expect(page.getByTestId('found-message')).toHaveText(`Found ${ids.length} calculator(s) matching "${word}"`)
      await expect(page.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'true')
      await expect.poll(() => visibleCardIds(page), { message: label }).toEqual(ids)
    }
    await page.getByRole('link', { name: 'Show All' }).click()
    await expect(page).toHaveURL(/\/field-calculations$/)
    await expect(page.getByTestId('found-message')).toHaveText('')
    await expect.poll(() => visibleCardIds(page)).toEqual(ALL_IDS)
  })

  test('a calculation posted from a filtered page keeps the filter', async ({ page }) => {
    await page.goto(`${PATH}?q=concrete`)
    const concrete = card(page, 'concrete-volume')
    await expect(concrete.locator('form')).toHaveAttribute('action', `${PATH}?q=concrete#concrete-volume`)
    await fillInputs(concrete, EXAMPLES[3]!.inputs)
    await calculateNoJs(page, 'concrete-volume')
    await expect(page).toHaveURL(/\/field-calculations\?q=concrete#concrete-volume$/)
    expect(await visibleCardIds(page)).toEqual(['concrete-volume', 'rebar-weight'])
    await expect(figure(concrete, 'Concrete Volume')).toHaveText('4.44 CY')
  })

  test('a garbage body, an unknown calculator or another origin is refused with 4xx', async ({ page, baseURL }) => {
    const garbage = await page.request.post(PATH, {
      headers: { 'content-type': 'multipart/form-data; boundary=nothing' },
      data: 'not a form',
    })
    expect(garbage.status()).toBe(400)
    const unknown = await page.request.post(PATH, { form: { calculator: 'bridge-paint', length: '1' } })
    expect(unknown.status()).toBe(400)
    expect(await unknown.text()).toContain('Unknown calculator: send the form from the Field Calculations page.')
    const foreign = await page.request.post(PATH, {
      form: { calculator: 'concrete-volume', length: '1', width: '1', depth: '1' },
      headers: { origin: 'https://evil.example' },
    })
    // Refused by the server's same-origin check before the action runs.
    expect(foreign.status()).toBe(403)
    expect(await foreign.text()).not.toContain('CY')
    // A well-formed post from a script is answered like the page's own form.
    const ok = await page.request.post(PATH, {
      form: { calculator: 'concrete-volume', length: '27', width: '1', depth: '1' },
      headers: { origin: baseURL! },
    })
    expect(ok.status()).toBe(200)
    expect(await ok.text()).toContain('1.00 CY')
  })
})

import { describe, expect, it } from 'vitest'
import { citySuggestions, isInSouthCarolina, isPlaceLike, placeAttempts, shouldSearchCities, type PlaceResult } from './cities'

function place(name: string, overrides: Partial<PlaceResult> = {}, state = 'South Carolina'): PlaceResult {
  return {
    lat: '34.0007',
    lon: '-81.0348',
    display_name: `${name}, Some County, ${state}, United States`,
    class: 'place',
    type: 'city',
    address: { city: name, state, 'ISO3166-2-lvl4': state === 'South Carolina' ? 'US-SC' : 'US-XX', country_code: 'us' },
    ...overrides,
  }
}

describe('city search rules (§5, §7)', () => {
  it('searches nothing under 2 characters (after trimming)', () => {
    expect(shouldSearchCities('')).toBe(false)
    expect(shouldSearchCities(' a ')).toBe(false)
    expect(shouldSearchCities('Ai')).toBe(true)
    expect(placeAttempts('c')).toEqual([])
  })

  it('makes the three attempts: ", SC", " South Carolina", then the text alone bounded to the state, limit 12', () => {
    const attempts = placeAttempts('  Myrtle   Beach ')
    expect(attempts.map((a) => [a.q, a.limit])).toEqual([
      ['Myrtle Beach, SC', 8],
      ['Myrtle Beach South Carolina', 8],
      ['Myrtle Beach', 12],
    ])
    expect(attempts[0]).not.toHaveProperty('viewbox')
    expect(attempts[2]).toMatchObject({ bounded: '1', viewbox: '-83.5,35.3,-78.4,31.9' })
  })

  it('keeps South Carolina by state name or ISO code', () => {
    expect(isInSouthCarolina(place('Columbia'))).toBe(true)
    expect(isInSouthCarolina(place('Columbia', {}, 'Missouri'))).toBe(false)
    expect(isInSouthCarolina({ ...place('Aiken'), address: { 'ISO3166-2-lvl4': 'US-SC' } })).toBe(true)
    expect(isInSouthCarolina({ ...place('Aiken'), address: undefined })).toBe(false)
  })

  it('keeps settlements and administrative areas, not roads or shops', () => {
    expect(isPlaceLike(place('Clover', { type: 'town' }))).toBe(true)
    expect(isPlaceLike(place('Richland County', { class: 'boundary', type: 'administrative' }))).toBe(true)
    expect(isPlaceLike(place('Columbia Mall', { class: 'shop', type: 'mall' }))).toBe(false)
    expect(isPlaceLike(place('Columbia Avenue', { class: 'highway', type: 'residential' }))).toBe(false)
    expect(isPlaceLike(place('Some Station', { class: 'place', type: 'house' }))).toBe(false)
  })

  it('filters, de-duplicates by first name part, ranks exact, prefix, alphabetical and keeps 6', () => {
    const places = [
      place('West Columbia'),
      place('Columbia', { class: 'boundary', type: 'administrative' }),
      place('Columbia'),
      place('Columbia', {}, 'Missouri'),
      place('Columbia Road', { class: 'highway', type: 'primary' }),
      place('Columbiana'),
      place('Abbeville Columbia'),
      place('Columbia Heights', { type: 'suburb' }),
      place('columbia'),
      place('Bcolumbia'),
      place('Acolumbia'),
      place('Zcolumbia'),
    ]
    const suggestions = citySuggestions(places, 'columbia')
    expect(suggestions.map((s) => s.display)).toEqual([
      'Columbia, SC',
      'Columbia Heights, SC',
      'Columbiana, SC',
      'Abbeville Columbia, SC',
      'Acolumbia, SC',
      'Bcolumbia, SC',
    ])
    // The first Columbia in the service's order wins (the administrative boundary).
    expect(suggestions[0]).toEqual({ display: 'Columbia, SC', lat: 34.0007, lon: -81.0348, name: 'Columbia', state: 'South Carolina' })
  })

  it('ranks against the typed text without a trailing state', () => {
    expect(citySuggestions([place('Aiken Park'), place('Aiken')], 'aiken, sc').map((s) => s.name)).toEqual(['Aiken', 'Aiken Park'])
  })

  it('drops answers without usable coordinates or name', () => {
    expect(citySuggestions([place('Clio', { lat: 'x' }), place('', { display_name: ', SC' })], 'cl')).toEqual([])
  })
})

import { describe, expect, it } from 'vitest'
import { weatherLabel } from './labels'

describe('weatherLabel (§9)', () => {
  it('names codes 0 to 3 one by one', () => {
    expect([0, 1, 2, 3].map(weatherLabel)).toEqual(['Clear', 'Mostly Clear', 'Partly Cloudy', 'Overcast'])
  })
  it('uses the upper bounds 49, 59, 69, 79 and 99', () => {
    expect([4, 45, 49].map(weatherLabel)).toEqual(['Fog', 'Fog', 'Fog'])
    expect([50, 51, 59].map(weatherLabel)).toEqual(['Light Rain', 'Light Rain', 'Light Rain'])
    expect([60, 63, 69].map(weatherLabel)).toEqual(['Rain', 'Rain', 'Rain'])
    expect([70, 75, 79].map(weatherLabel)).toEqual(['Snow', 'Snow', 'Snow'])
    expect([80, 95, 99].map(weatherLabel)).toEqual(['Thunderstorm', 'Thunderstorm', 'Thunderstorm'])
  })
  it('is Unknown outside 0-99 and for non-numbers', () => {
    expect([100, 250, -1, Number.NaN, Number.POSITIVE_INFINITY].map(weatherLabel)).toEqual(Array(5).fill('Unknown'))
  })
})

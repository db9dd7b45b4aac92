import { describe, expect, it } from 'vitest'
import { experienceLevel } from './experience'
import { dashboardGreeting, homeGreeting } from './greeting'

describe('experienceLevel', () => {
  it.each([
    [0, 'Getting Started'],
    [1, 'Learning'],
    [4, 'Learning'],
    [5, 'Experienced'],
    [14, 'Experienced'],
    [15, 'Expert'],
    [250, 'Expert'],
  ])('%i searches: %s', (count, level) => {
    expect(experienceLevel(count)).toBe(level)
  })
})

describe('homeGreeting', () => {
  it.each([
    [0, 'Working late'],
    [5, 'Working late'],
    [6, 'Good morning'],
    [11, 'Good morning'],
    [12, 'Good afternoon'],
    [16, 'Good afternoon'],
    [17, 'Good evening'],
    [20, 'Good evening'],
    [21, 'Working late'],
    [23, 'Working late'],
  ])('hour %i: %s', (hour, text) => {
    expect(homeGreeting(hour)).toBe(text)
  })
})

describe('dashboardGreeting', () => {
  it.each([
    [0, 'Good morning'],
    [5, 'Good morning'],
    [11, 'Good morning'],
    [12, 'Good afternoon'],
    [16, 'Good afternoon'],
    [17, 'Good evening'],
    [21, 'Good evening'],
    [23, 'Good evening'],
  ])('hour %i: %s', (hour, text) => {
    expect(dashboardGreeting(hour)).toBe(text)
  })
})

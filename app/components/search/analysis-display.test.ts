import { describe, expect, it } from 'vitest'
import { confidenceDot, firstItems, issueTypeWords, moreText } from './analysis-display'

describe('analysis display (§9)', () => {
  it('confidence dots: above 0.8 green, above 0.6 yellow, else red, each with words', () => {
    expect(confidenceDot(0.81)).toEqual({ dot: 'green', label: 'High', percent: 81 })
    expect(confidenceDot(0.8)).toEqual({ dot: 'yellow', label: 'Medium', percent: 80 })
    expect(confidenceDot(0.61)).toEqual({ dot: 'yellow', label: 'Medium', percent: 61 })
    expect(confidenceDot(0.6)).toEqual({ dot: 'red', label: 'Low', percent: 60 })
    expect(confidenceDot(Number.NaN)).toEqual({ dot: 'red', label: 'Low', percent: 0 })
    expect(confidenceDot(3).percent).toBe(100)
  })

  it('issue types in words', () => {
    expect(issueTypeWords('asphalt_alligator_cracking')).toBe('Asphalt alligator cracking')
    expect(issueTypeWords('')).toBe('')
  })

  it('the first five, and how many more', () => {
    const seven = ['a', 'b', 'c', 'd', 'e', 'f', 'g']
    expect(firstItems(seven)).toEqual({ shown: ['a', 'b', 'c', 'd', 'e'], more: 2 })
    expect(firstItems(['a'])).toEqual({ shown: ['a'], more: 0 })
    expect(moreText(2)).toBe('and 2 more')
    expect(moreText(0)).toBe('')
  })
})

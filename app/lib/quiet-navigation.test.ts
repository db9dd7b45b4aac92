import { describe, expect, it } from 'vitest'
import { forgetQuietMove, isQuietMove, isQuietNavigation, quietMove, quietMoveOf, takeQuietMove } from './quiet-navigation'

const url = (path: string) => new URL(path, 'https://app.example')

describe('quiet moves', () => {
  it('skip the loaders only for the move on its way, and once taken, for nothing', () => {
    const state = quietMove('/?result=abc')
    expect(isQuietNavigation(state)).toBe(true)
    expect(quietMoveOf(state)).toBe('/?result=abc')
    expect(isQuietMove(url('/'), url('/?result=abc'))).toBe(true)
    // Another address, or a revalidation in place, loads as usual.
    expect(isQuietMove(url('/'), url('/?result=other'))).toBe(false)
    expect(isQuietMove(url('/history'), url('/history/abc'))).toBe(false)
    expect(isQuietMove(url('/?result=abc'), url('/?result=abc'))).toBe(false)

    expect(takeQuietMove('/?result=abc')).toBe(true)
    expect(isQuietMove(url('/'), url('/?result=abc'))).toBe(false)
    // Back to that entry later: its state still names the move, but nothing is expected, so no second load.
    expect(takeQuietMove('/?result=abc')).toBe(false)
  })

  it('forget a move that another navigation overtook', () => {
    quietMove('/?result=first')
    quietMove('/')
    expect(isQuietMove(url('/?result=first'), url('/?result=first'))).toBe(false)
    expect(isQuietMove(url('/?result=first'), url('/'))).toBe(true)
    expect(takeQuietMove('/?result=first')).toBe(false)
    // A move that never committed is forgotten at the next address: it cannot skip that page's loaders.
    quietMove('/?result=never')
    forgetQuietMove()
    expect(isQuietMove(url('/history'), url('/?result=never'))).toBe(false)
    expect(quietMoveOf({ quiet: true })).toBeNull()
    expect(quietMoveOf(null)).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { SLOWDOWN_CAP_MS, accountSpacingMs, signInBudgets } from './throttle.server'

describe('sign-in budgets', () => {
  const stranger = { email: 'owner@example.com', ip: '198.51.100.9', device: null }

  it('counts an unknown browser per address and per (account, address) pair, never per account alone', () => {
    const { budgets, accountFailures } = signInBudgets(stranger)
    expect(budgets.map((b) => b.key)).toEqual(['signin:ip:198.51.100.9', 'signin:pair:owner@example.com:198.51.100.9'])
    // The only account-wide budget counts failures and spaces attempts out; it refuses none of them outright.
    expect(accountFailures?.key).toBe('signin:failures:owner@example.com')
  })

  it("gives the owner's address budgets of its own, apart from an attacker's address", () => {
    const attacker = signInBudgets(stranger).budgets.map((b) => b.key)
    const owner = signInBudgets({ ...stranger, ip: '203.0.113.4' }).budgets.map((b) => b.key)
    expect(owner.filter((key) => attacker.includes(key))).toEqual([])
  })

  it('counts a known browser only in its own per-device budget', () => {
    const { budgets, accountFailures } = signInBudgets({ ...stranger, device: { id: 'dev-1', userId: 'user-1' } })
    expect(budgets.map((b) => b.key)).toEqual(['signin:device:dev-1:user-1'])
    expect(accountFailures).toBeNull()
    // No key a stranger's attempt can spend.
    const strangerKeys = [...signInBudgets(stranger).budgets.map((b) => b.key), signInBudgets(stranger).accountFailures?.key]
    expect(strangerKeys).not.toContain('signin:device:dev-1:user-1')
  })
})

describe('account-wide slowdown', () => {
  it('leaves the first failures alone, then doubles the spacing from 250 ms up to the cap', () => {
    expect([0, 1, 10].map((f) => accountSpacingMs(f, 10))).toEqual([0, 0, 0])
    expect([11, 12, 13, 14, 15, 16, 500].map((f) => accountSpacingMs(f, 10))).toEqual([250, 500, 1000, 2000, 4000, 4000, 4000])
    expect(accountSpacingMs(4, 3)).toBe(250)
    expect(accountSpacingMs(Number.MAX_SAFE_INTEGER, 10)).toBe(SLOWDOWN_CAP_MS)
  })
})

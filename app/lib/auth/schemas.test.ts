import { describe, expect, it } from 'vitest'
import {
  INVALID_EMAIL,
  PASSWORD_HINT,
  SIGN_IN_MISSING,
  SIGN_UP_MISSING,
  SignInSchema,
  SignUpSchema,
  firstIssueMessage,
} from './schemas'

describe('sign-up validation', () => {
  const valid = { firstName: 'Ada', lastName: 'King', email: ' Ada@Example.COM ', password: 'secret' }

  it('normalises the email and accepts a 6-character password', () => {
    const parsed = SignUpSchema.parse(valid)
    expect(parsed.email).toBe('ada@example.com')
    expect(parsed.newsEmailOptIn).toBe(false)
  })

  it.each(['firstName', 'lastName', 'email', 'password'] as const)('requires %s', (field) => {
    const result = SignUpSchema.safeParse({ ...valid, [field]: undefined })
    expect(result.success).toBe(false)
    if (!result.success) expect(firstIssueMessage(result.error)).toBe(SIGN_UP_MISSING)
    const blank = SignUpSchema.safeParse({ ...valid, [field]: '   ' })
    if (field !== 'password') expect(blank.success).toBe(false)
  })

  it('needs at least 6 characters of password', () => {
    const result = SignUpSchema.safeParse({ ...valid, password: '12345' })
    expect(result.success).toBe(false)
    if (!result.success) expect(firstIssueMessage(result.error)).toBe(PASSWORD_HINT)
  })

  it('refuses an address that is not an email', () => {
    const result = SignUpSchema.safeParse({ ...valid, email: 'not-an-email' })
    expect(result.success).toBe(false)
    if (!result.success) expect(firstIssueMessage(result.error)).toBe(INVALID_EMAIL)
  })

  it('reads the news opt-in checkbox', () => {
    expect(SignUpSchema.parse({ ...valid, newsEmailOptIn: 'on' }).newsEmailOptIn).toBe(true)
    expect(SignUpSchema.parse({ ...valid, newsEmailOptIn: true }).newsEmailOptIn).toBe(true)
    // The JSON twin turns booleans into form strings.
    expect(SignUpSchema.parse({ ...valid, newsEmailOptIn: 'false' }).newsEmailOptIn).toBe(false)
  })
})

describe('sign-in validation', () => {
  it('requires email and password, with no length rule', () => {
    expect(SignInSchema.safeParse({ email: 'a@b.co', password: '1' }).success).toBe(true)
    for (const input of [{ email: 'a@b.co' }, { password: 'x' }, {}]) {
      const result = SignInSchema.safeParse(input)
      expect(result.success).toBe(false)
      if (!result.success) expect(firstIssueMessage(result.error)).toBe(SIGN_IN_MISSING)
    }
  })
})

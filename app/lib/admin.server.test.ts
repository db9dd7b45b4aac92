import { afterEach, describe, expect, it } from 'vitest'
import { resetConfig } from '~/lib/config.server'
import { CSV_HEADER, csvField, isBootstrapAdminEmail, membersCsv, normaliseEmail } from './admin.server'

describe('normaliseEmail', () => {
  it('trims and lowercases', () => {
    expect(normaliseEmail('  Pat.Smith@Example.COM \n')).toBe('pat.smith@example.com')
  })
})

describe('isBootstrapAdminEmail', () => {
  const saved = process.env.ADMIN_EMAILS
  afterEach(() => {
    if (saved === undefined) delete process.env.ADMIN_EMAILS
    else process.env.ADMIN_EMAILS = saved
    resetConfig()
  })

  it('matches a listed address whatever its case and spacing', () => {
    process.env.ADMIN_EMAILS = ' first@example.test , Boss@Example.test,'
    resetConfig()
    expect(isBootstrapAdminEmail('boss@example.test')).toBe(true)
    expect(isBootstrapAdminEmail(' FIRST@example.test')).toBe(true)
    expect(isBootstrapAdminEmail('other@example.test')).toBe(false)
  })

  it('matches nothing when ADMIN_EMAILS is unset or empty', () => {
    delete process.env.ADMIN_EMAILS
    resetConfig()
    expect(isBootstrapAdminEmail('boss@example.test')).toBe(false)
    process.env.ADMIN_EMAILS = ' , '
    resetConfig()
    expect(isBootstrapAdminEmail('')).toBe(false)
  })
})

describe('csvField', () => {
  it('leaves plain values alone', () => {
    expect(csvField('pat@example.com')).toBe('pat@example.com')
    expect(csvField('')).toBe('')
  })

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('Smith, Jr.')).toBe('"Smith, Jr."')
    expect(csvField('Pat "PJ"')).toBe('"Pat ""PJ"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(csvField('cr\rhere')).toBe('"cr\rhere"')
  })

  it('guards values a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil.test","x")')).toBe(`"'=HYPERLINK(""http://evil.test"",""x"")"`)
    expect(csvField('+1 555')).toBe("'+1 555")
    expect(csvField('-2+3')).toBe("'-2+3")
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvField('\tTab')).toBe("'\tTab")
    // Only a leading character counts.
    expect(csvField('Mary-Jane')).toBe('Mary-Jane')
  })
})

describe('membersCsv', () => {
  it('writes the header and one CRLF line per member', () => {
    const csv = membersCsv([
      { email: 'a@example.test', firstName: 'Ann', lastName: 'Lee, PE', createdAt: new Date('2026-03-04T05:06:07.000Z'), newsEmailOptIn: true },
      { email: 'b@example.test', firstName: '=cmd', lastName: 'Bo', createdAt: new Date('2026-01-02T00:00:00.000Z'), newsEmailOptIn: false },
    ])
    expect(csv).toBe(
      'email,first_name,last_name,signed_up,news_opt_in\r\n' +
        'a@example.test,Ann,"Lee, PE",2026-03-04T05:06:07.000Z,true\r\n' +
        "b@example.test,'=cmd,Bo,2026-01-02T00:00:00.000Z,false\r\n",
    )
  })

  it('is just the header when nobody matches', () => {
    expect(membersCsv([])).toBe(`${CSV_HEADER.join(',')}\r\n`)
  })
})

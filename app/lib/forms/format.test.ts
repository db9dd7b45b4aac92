import { describe, expect, it } from 'vitest'
import { submissionFields } from './fields-view'
import { formatSubmittedTime, reportFileName, submittedDate } from './format'
import { findFormTemplate } from './templates'
import { missingRequiredFieldIds } from './validate'

describe('showing a submission', () => {
  it('gives times in South Carolina with the zone, or in a chosen zone', () => {
    expect(formatSubmittedTime('2026-07-04T16:05:00Z')).toBe('Jul 4, 2026, 12:05 PM EDT')
    expect(formatSubmittedTime('2026-01-05T16:05:00Z', 'America/Chicago')).toBe('Jan 5, 2026, 10:05 AM CST')
  })

  it('dates the file in South Carolina and keeps the name safe', () => {
    expect(submittedDate('2026-11-21T03:00:00Z')).toBe('2026-11-20')
    expect(reportFileName('400.04', '2026-11-21T15:00:00Z')).toBe('400.04-2026-11-21.pdf')
    expect(reportFileName('a/b"c', '2026-11-21T15:00:00Z')).toBe('a_b_c-2026-11-21.pdf')
  })

  it('lists fields in template order, then stored values the template lacks', () => {
    const fields = submissionFields('300.02', { notes: 'n', date: 'd', legacy: 'x' })
    expect(fields[0]).toEqual({ id: 'date', label: 'Date', value: 'd' })
    expect(fields.at(-2)).toEqual({ id: 'notes', label: 'Notes', value: 'n' })
    expect(fields.at(-1)).toEqual({ id: 'legacy', label: 'legacy', value: 'x' })
    expect(fields.map((f) => f.id)).toHaveLength(findFormTemplate('300.02')!.fields.length + 1)
  })

  it('names the missing fields by id for marking inputs', () => {
    expect(missingRequiredFieldIds(findFormTemplate('100.10')!, { date: '2026-11-21', progress: ' ' })).toEqual([
      'inspectorName',
      'projectId',
      'contractorName',
      'activity',
      'progress',
    ])
  })
})

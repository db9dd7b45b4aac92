import { describe, expect, it } from 'vitest'
import { checkModelReply } from './check'
import { asphaltCores, guardrailChecks, guardrailDrawing } from './test-passages'

const passages = [guardrailDrawing, guardrailChecks, asphaltCores]
const question = 'What is the standard spacing for guardrail posts?'

describe('checkModelReply', () => {
  it('accepts a reply whose citations and figures are in the passages, and labels the markers', () => {
    const outcome = checkModelReply(
      { answer: 'Line posts are set 6 ft 3 in (6.25 ft) apart [P1].', citations: ['P1'], tips: ['Measure post spacing along the run [P2].'] },
      passages,
      question,
    )
    expect(outcome).toEqual({
      ok: true,
      answer: 'Line posts are set 6 ft 3 in (6.25 ft) apart [Drawing G501].',
      used: [guardrailDrawing],
      tips: ['Measure post spacing along the run [Drawing G501].'],
      dropped: [],
    })
  })

  it('drops a citation of a passage that was not retrieved and keeps the valid ones', () => {
    const outcome = checkModelReply(
      { answer: 'Posts are 6.25 ft apart [P1][P9].', citations: ['P1', 'P9', 'Section 805.4 (2007)'] },
      passages,
      question,
    )
    expect(outcome.ok).toBe(true)
    if (!outcome.ok) return
    expect(outcome.dropped).toEqual(['P9', 'Section 805.4 (2007)'])
    expect(outcome.used).toEqual([guardrailDrawing])
    expect(outcome.answer).toBe('Posts are 6.25 ft apart [Drawing G501].')
  })

  it('accepts a citation written as a retrieved passage label', () => {
    const outcome = checkModelReply({ answer: 'One core per 1,500-ft sublot.', citations: ['SC-M-400'] }, passages, 'how often are cores taken')
    expect(outcome.ok && outcome.used).toEqual([asphaltCores])
  })

  it('fails when no valid citation is left', () => {
    expect(checkModelReply({ answer: 'Posts are 6.25 ft apart.', citations: ['P7'] }, passages, question)).toEqual({
      ok: false,
      reason: 'no citation names a retrieved passage',
      dropped: ['P7'],
    })
  })

  it('fails on a figure that is not in the cited passages', () => {
    const outcome = checkModelReply({ answer: 'Posts are 8 ft apart [P1].', citations: ['P1'] }, passages, question)
    expect(outcome).toMatchObject({ ok: false, reason: 'the answer has figures not in the cited passages: 8' })
  })

  it('fails on a section number the passages do not hold, even inside brackets', () => {
    const outcome = checkModelReply({ answer: 'Posts are 6.25 ft apart [P1] [Section 805.4].', citations: ['P1'] }, passages, question)
    expect(outcome).toMatchObject({ ok: false, reason: 'the answer has figures not in the cited passages: 805.4' })
  })

  it('fails on a figure from a passage that was retrieved but not cited', () => {
    const outcome = checkModelReply({ answer: 'Posts are 6.25 ft apart and cores 1,500 ft [P1].', citations: ['P1'] }, passages, question)
    expect(outcome.ok).toBe(false)
  })

  it('allows figures the question itself gave, and drops tips with invented figures', () => {
    const outcome = checkModelReply(
      { answer: 'For a 55 mph road, posts are still 6.25 ft apart [P1].', citations: ['P1'], tips: ['Check every 50 ft.'] },
      passages,
      'guardrail post spacing on a 55 mph road',
    )
    expect(outcome).toMatchObject({ ok: true, tips: [] })
  })
})

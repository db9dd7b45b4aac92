import { describe, expect, it } from 'vitest'
import { computeAchievements, MILESTONES, milestoneByName, type ChronologicalSearch } from './achievements'
import type { TopicName } from './topics'

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n, 15))
const searches = (topics: TopicName[][]): ChronologicalSearch[] => topics.map((t, i) => ({ createdAt: day(i), topics: t }))
const plain = (n: number) => searches(Array.from({ length: n }, () => []))

describe('milestones', () => {
  it('are 8, with unique names, icons and positive targets', () => {
    expect(MILESTONES.map((m) => [m.name, m.target])).toEqual([
      ['First Search', 1],
      ['Getting Curious', 5],
      ['Experienced Inspector', 15],
      ['Spec Expert', 50],
      ['Centurion', 100],
      ['Well Rounded', 4],
      ['Safety First', 1],
      ['Topic Specialist', 10],
    ])
    expect(milestoneByName('Centurion')?.icon).toBe('Trophy')
    expect(milestoneByName('nope')).toBeUndefined()
  })
})

describe('computeAchievements', () => {
  it('a new member: nothing earned, next is First Search 0/1', () => {
    const result = computeAchievements([], 0, 2)
    expect(result.nextMilestone).toEqual({ name: 'First Search', progress: 0, target: 1 })
    expect(result.recent).toEqual([])
  })

  it('count milestones are earned by the Nth search, at its time', () => {
    expect(computeAchievements(plain(1), 1, 2)).toMatchObject({
      nextMilestone: { name: 'Getting Curious', progress: 1, target: 5 },
      recent: [{ name: 'First Search', icon: 'Search', earnedAt: day(0).toISOString() }],
    })
    expect(computeAchievements(plain(4), 4, 2).nextMilestone).toEqual({ name: 'Getting Curious', progress: 4, target: 5 })
    const five = computeAchievements(plain(5), 5, 2)
    expect(five.nextMilestone).toEqual({ name: 'Experienced Inspector', progress: 5, target: 15 })
    expect(five.recent).toEqual([
      { name: 'Getting Curious', icon: 'Sparkles', earnedAt: day(4).toISOString() },
      { name: 'First Search', icon: 'Search', earnedAt: day(0).toISOString() },
    ])
    const fifteen = computeAchievements(plain(15), 15, 2)
    expect(fifteen.nextMilestone).toEqual({ name: 'Spec Expert', progress: 15, target: 50 })
    expect(fifteen.recent.map((a) => [a.name, a.earnedAt])).toEqual([
      ['Experienced Inspector', day(14).toISOString()],
      ['Getting Curious', day(4).toISOString()],
    ])
  })

  it('searches missing from history count as the oldest; their milestones stay earned without a date', () => {
    // 6 searches made, the first 3 deleted: the 5th search is the 2nd stored one.
    const result = computeAchievements(plain(3), 6, 2)
    expect(result.all.find((a) => a.name === 'First Search')).toMatchObject({ earned: true, earnedAt: null })
    expect(result.recent).toEqual([{ name: 'Getting Curious', icon: 'Sparkles', earnedAt: day(1).toISOString() }])
    expect(result.nextMilestone).toEqual({ name: 'Experienced Inspector', progress: 6, target: 15 })
  })

  it('a search count below the stored rows never hides an earned milestone', () => {
    expect(computeAchievements(plain(2), 0, 2).nextMilestone).toEqual({ name: 'Getting Curious', progress: 2, target: 5 })
  })

  it('Well Rounded at the 4th distinct topic, Safety First at the first work zone or safety search', () => {
    const result = computeAchievements(
      searches([['Asphalt'], ['Asphalt', 'Concrete'], ['Bases'], ['Concrete'], ['Safety (OSHA)', 'Earthwork'], []]),
      6,
      2,
    )
    const state = (name: string) => result.all.find((a) => a.name === name)
    expect(state('Well Rounded')).toMatchObject({ earned: true, earnedAt: day(4).toISOString(), progress: 4 })
    expect(state('Safety First')).toMatchObject({ earned: true, earnedAt: day(4).toISOString(), progress: 1 })
    expect(state('Topic Specialist')).toMatchObject({ earned: false, progress: 2, target: 10 })
    // Same search earned both: the later-listed milestone first; Getting Curious (5th search) was that day too.
    expect(result.recent.map((a) => a.name)).toEqual(['Safety First', 'Well Rounded'])
    expect(computeAchievements(searches([['Work Zone Traffic Control']]), 1, 2).all[6]).toMatchObject({
      name: 'Safety First',
      earned: true,
    })
  })

  it('Topic Specialist at the 10th search on one topic', () => {
    const rows = searches([...Array.from({ length: 9 }, (): TopicName[] => ['Asphalt']), ['Concrete'], ['Asphalt']])
    const result = computeAchievements(rows, 11, 2)
    expect(result.all[7]).toMatchObject({ name: 'Topic Specialist', earned: true, earnedAt: day(10).toISOString() })
  })

  it('after Centurion the next is the first other milestone not earned; null when all are earned', () => {
    const hundred = computeAchievements(plain(100), 100, 2)
    expect(hundred.nextMilestone).toEqual({ name: 'Well Rounded', progress: 0, target: 4 })
    const topics: TopicName[][] = [['Asphalt', 'Concrete', 'Bases', 'Safety (OSHA)'], ...Array.from({ length: 99 }, (): TopicName[] => ['Asphalt'])]
    expect(computeAchievements(searches(topics), 100, 2).nextMilestone).toBeNull()
  })
})

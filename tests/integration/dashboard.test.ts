import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../../db/client'
import { searches, users } from '../../db/schema'
import { loadDashboard } from '../../app/lib/dashboard.server'
import { deleteSearch, getSearch, listSearches, recordSearch } from '../../app/lib/search/history.server'
import { DATABASE_KINDS, openMigratedTestDatabase, type TestDatabase } from './databases'
import { ROOT } from './server'

process.env.APP_ROOT = ROOT

const START = Date.UTC(2026, 3, 1, 14)
const at = (minutes: number) => new Date(START + minutes * 60_000)

describe.each(DATABASE_KINDS)('dashboard on %s', (kind) => {
  let database: TestDatabase
  let handle: DbHandle

  beforeAll(async () => {
    ;({ database, handle } = await openMigratedTestDatabase(kind))
  })
  afterAll(async () => {
    await handle?.close()
    await database?.cleanup()
  })

  async function member(firstName = 'Pat') {
    const [row] = await handle.db
      .insert(users)
      .values({ id: randomUUID(), email: `${randomUUID()}@example.com`, firstName, lastName: 'Inspector' })
      .returning()
    return row!
  }

  /** Records the questions one minute apart (from `from`) and counts them like the search feature. */
  async function searchAs(userId: string, questions: string[], from = 0) {
    const rows = []
    for (const [i, query] of questions.entries()) {
      rows.push(await recordSearch(handle.db, userId, { query, confidence: i % 2 ? 'medium' : 'high', result: { answer: `About ${query}` } }, at(from + i)))
    }
    const [{ searchCount }] = (await handle.db.select({ searchCount: users.searchCount }).from(users).where(eq(users.id, userId))) as [
      { searchCount: number },
    ]
    await handle.db.update(users).set({ searchCount: searchCount + questions.length }).where(eq(users.id, userId))
    return rows
  }

  async function dashboardOf(userId: string) {
    const [row] = await handle.db.select().from(users).where(eq(users.id, userId))
    return loadDashboard(handle.db, row!, new Date(START + 86_400_000))
  }

  it('a new member: empty states, First Search next, 8 quick tiles', async () => {
    const user = await member('Robin')
    const view = await dashboardOf(user.id)
    expect(view).toMatchObject({ firstName: 'Robin', searchCount: 0, historyCount: 0, renderedAt: '2026-04-02T14:00:00.000Z' })
    expect(view.dashboard).toEqual({
      quickAccess: expect.any(Array),
      recentSearches: [],
      searchPatterns: { commonTopics: [] },
      expertise: { level: 'Getting Started', strongAreas: [], learningAreas: [] },
      achievements: { nextMilestone: { name: 'First Search', progress: 0, target: 1 }, recent: [] },
    })
    expect(view.dashboard.quickAccess.map((tile) => tile.id)).toEqual([
      'new-search',
      'cheat-sheets',
      'field-calculations',
      'documents',
      'standard-specs',
      'standard-drawings',
      'technical-specs',
      'construction-manual',
    ])
  })

  it('records topics with each search; levels at 4, 5 and 15 searches', async () => {
    const user = await member()
    const [first] = await searchAs(user.id, ['Asphalt tack coat rate', 'asphalt density', 'HMA cores', 'concrete slump'])
    expect(first!.topics).toEqual(['Asphalt'])
    let view = await dashboardOf(user.id)
    expect(view.searchCount).toBe(4)
    expect(view.dashboard.expertise.level).toBe('Learning')
    expect(view.dashboard.achievements.nextMilestone).toEqual({ name: 'Getting Curious', progress: 4, target: 5 })

    await searchAs(user.id, ['guard rail height'], 4)
    view = await dashboardOf(user.id)
    expect(view.dashboard.expertise.level).toBe('Experienced')
    // The 5th search also brought a 4th topic (Asphalt, Testing & Sampling, Concrete, then Guardrail):
    // one search earning two milestones lists the later-defined one first.
    expect(view.dashboard.achievements.recent).toEqual([
      { name: 'Well Rounded', icon: 'Compass', earnedAt: at(4).toISOString() },
      { name: 'Getting Curious', icon: 'Sparkles', earnedAt: at(4).toISOString() },
    ])
    expect(view.dashboard.achievements.nextMilestone).toEqual({ name: 'Experienced Inspector', progress: 5, target: 15 })

    await searchAs(user.id, Array.from({ length: 9 }, (_, i) => `silt fence spacing ${i}`), 5)
    view = await dashboardOf(user.id)
    expect(view.searchCount).toBe(14)
    expect(view.dashboard.expertise.level).toBe('Experienced')
    await searchAs(user.id, ['work zone taper length'], 14)
    view = await dashboardOf(user.id)
    expect(view.dashboard.expertise.level).toBe('Expert')
    expect(view.dashboard.achievements.nextMilestone).toEqual({ name: 'Spec Expert', progress: 15, target: 50 })
    expect(view.dashboard.achievements.recent).toEqual([
      { name: 'Safety First', icon: 'ShieldCheck', earnedAt: at(14).toISOString() },
      { name: 'Experienced Inspector', icon: 'Award', earnedAt: at(14).toISOString() },
    ])
  })

  it('focus areas, strong and learning areas and topic tiles for a known distribution; recent 3 newest first', async () => {
    const user = await member()
    await searchAs(user.id, [
      'asphalt tack rate',
      'asphalt overlay',
      'asphalt milling depth',
      'asphalt paver speed',
      'drainage pipe bedding',
      'RCP joints',
      'culvert invert',
      'guardrail post spacing',
      'guardrail end terminal',
      'silt fence',
    ])
    const view = await dashboardOf(user.id)
    expect(view.dashboard.searchPatterns.commonTopics).toEqual([
      { topic: 'Asphalt', count: 4 },
      { topic: 'Drainage & Pipe', count: 3 },
      { topic: 'Guardrail & Barriers', count: 2 },
      { topic: 'Erosion Control & Seeding', count: 1 },
    ])
    expect(view.dashboard.expertise.strongAreas).toEqual(['Asphalt', 'Drainage & Pipe'])
    expect(view.dashboard.expertise.learningAreas).toEqual(['Erosion Control & Seeding', 'Guardrail & Barriers'])
    expect(view.dashboard.quickAccess.slice(1, 3)).toEqual([
      expect.objectContaining({ title: 'Asphalt', url: '/cheat-sheets?topic=Asphalt' }),
      expect.objectContaining({ title: 'Drainage & Pipe', url: '/cheat-sheets?topic=Drainage%20%26%20Pipe' }),
    ])
    expect(view.dashboard.quickAccess).toHaveLength(10)
    expect(view.dashboard.recentSearches.map((s) => [s.query, s.confidence, s.createdAt])).toEqual([
      ['silt fence', 'medium', at(9).toISOString()],
      ['guardrail end terminal', 'high', at(8).toISOString()],
      ['guardrail post spacing', 'medium', at(7).toISOString()],
    ])
    expect(view.historyCount).toBe(10)
  })

  it("another user's searches never appear, and history functions only touch the owner's rows", async () => {
    const owner = await member('Owner')
    const other = await member('Other')
    const [mine] = await searchAs(owner.id, ['bridge deck pour temperature'])
    await searchAs(other.id, ['asphalt density', 'asphalt cores', 'asphalt tack', 'concrete slump'])

    const view = await dashboardOf(owner.id)
    expect(view.dashboard.recentSearches.map((s) => s.query)).toEqual(['bridge deck pour temperature'])
    expect(view.dashboard.searchPatterns.commonTopics).toEqual([{ topic: 'Bridge Decks', count: 1 }])
    expect(view.historyCount).toBe(1)

    expect(await getSearch(handle.db, other.id, mine!.id)).toBeNull()
    expect(await getSearch(handle.db, owner.id, mine!.id)).toMatchObject({ query: 'bridge deck pour temperature', result: { answer: 'About bridge deck pour temperature' } })
    expect(await deleteSearch(handle.db, other.id, mine!.id)).toBe(false)
    expect((await listSearches(handle.db, other.id)).items.map((s) => s.query)).toEqual([
      'concrete slump',
      'asphalt tack',
      'asphalt cores',
      'asphalt density',
    ])
    const page = await listSearches(handle.db, other.id, { limit: 2, offset: 1 })
    expect(page).toMatchObject({ total: 4, limit: 2, offset: 1 })
    expect(page.items.map((s) => s.query)).toEqual(['asphalt tack', 'asphalt cores'])
    expect(page.items[0]).not.toHaveProperty('result')

    expect(await deleteSearch(handle.db, owner.id, mine!.id)).toBe(true)
    expect(await deleteSearch(handle.db, owner.id, mine!.id)).toBe(false)
    const after = await dashboardOf(owner.id)
    expect(after.dashboard.recentSearches).toEqual([])
    // Deleting history keeps the count, the level and the first milestone (now without a date).
    expect(after.searchCount).toBe(1)
    expect(after.dashboard.expertise.level).toBe('Learning')
    expect(after.dashboard.achievements).toEqual({ nextMilestone: { name: 'Getting Curious', progress: 1, target: 5 }, recent: [] })
    expect(await handle.db.select().from(searches).where(eq(searches.userId, other.id))).toHaveLength(4)
  })
})

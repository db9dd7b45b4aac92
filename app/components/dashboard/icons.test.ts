import { describe, expect, it } from 'vitest'
import { MILESTONES } from '~/lib/dashboard/achievements'
import { quickAccessTiles } from '~/lib/dashboard/quick-access'
import { TOPICS } from '~/lib/dashboard/topics'
import { DASHBOARD_ICONS } from './icons'

describe('dashboard icons', () => {
  it('every icon the data names is bundled', () => {
    const names = [
      ...TOPICS.map((topic) => topic.icon),
      ...MILESTONES.map((milestone) => milestone.icon),
      ...quickAccessTiles([]).map((tile) => tile.icon),
    ]
    for (const name of names) expect(DASHBOARD_ICONS[name], name).toBeDefined()
  })
})

import { describe, expect, it } from 'vitest'
import { CLICK_TARGETS, DEFAULT_SETTINGS, isTopic, parseSettings, serializeSettings, toggleToast } from './settings'

describe('notification settings', () => {
  it('default to all off, and read anything missing or corrupt as off', () => {
    expect(DEFAULT_SETTINGS).toEqual({ news: false, trends: false, announcements: false })
    expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS)
    expect(parseSettings('not json')).toEqual(DEFAULT_SETTINGS)
    expect(parseSettings('42')).toEqual(DEFAULT_SETTINGS)
    expect(parseSettings('{"news":"yes","trends":true}')).toEqual({ news: false, trends: true, announcements: false })
  })

  it('round-trip through storage text', () => {
    const settings = { news: true, trends: false, announcements: true }
    expect(parseSettings(serializeSettings(settings))).toEqual(settings)
    expect(serializeSettings({ ...settings, extra: 1 } as never)).toBe('{"news":true,"trends":false,"announcements":true}')
  })

  it('toggle toasts name the topic in the words of §8', () => {
    expect(toggleToast('news', true)).toEqual({ title: 'Notifications Enabled', description: "You'll receive construction news notifications" })
    expect(toggleToast('trends', false)).toEqual({ title: 'Notifications Disabled', description: "You won't receive industry trends notifications" })
    expect(toggleToast('announcements', true).description).toContain('important announcements')
  })

  it('click targets per type (§7)', () => {
    expect(CLICK_TARGETS).toEqual({ news: '/news', trends: '/trends', announcements: '/' })
    expect(isTopic('news')).toBe(true)
    expect(isTopic('weather')).toBe(false)
  })
})

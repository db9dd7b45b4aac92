import { describe, expect, it } from 'vitest'
import { allBannerDismissedKeys, bannerDismissedKey, bannerPageFor } from './keys'

describe('banner pages and keys', () => {
  it.each([
    ['/', 'home'],
    ['/news', 'news'],
    ['/news/', 'news'],
    ['/trends', 'trends'],
  ] as const)('%s carries the banner as %s', (path, page) => {
    expect(bannerPageFor(path)).toBe(page)
  })

  it.each(['/documents', '/news/item', '/field-calculations', '/newsletter', '/constructor', '/toString'])('%s has no banner', (path) => {
    expect(bannerPageFor(path)).toBeNull()
  })

  it('keeps one dismissal flag per page', () => {
    expect(bannerDismissedKey('home')).not.toBe(bannerDismissedKey('news'))
    expect(allBannerDismissedKeys()).toEqual([
      'notification-prompt-dismissed:home',
      'notification-prompt-dismissed:news',
      'notification-prompt-dismissed:trends',
    ])
  })
})

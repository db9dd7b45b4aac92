import { describe, expect, it } from 'vitest'
import { deviceClass, screenSize } from './screen'

describe('screen class by width', () => {
  it.each([
    [0, 'small', 'mobile'],
    [320, 'small', 'mobile'],
    [639, 'small', 'mobile'],
    [640, 'medium', 'tablet'],
    [767, 'medium', 'tablet'],
    [768, 'large', 'tablet'],
    [1023, 'large', 'tablet'],
    [1024, 'xlarge', 'desktop'],
    [1279, 'xlarge', 'desktop'],
    [1280, '2xl', 'desktop'],
    [2560, '2xl', 'desktop'],
  ] as const)('%i px is %s (%s)', (width, size, device) => {
    expect(screenSize(width)).toBe(size)
    expect(deviceClass(width)).toBe(device)
  })

  it('treats a nonsense width as the smallest screen', () => {
    expect(screenSize(Number.NaN)).toBe('small')
    expect(deviceClass(-5)).toBe('mobile')
  })
})

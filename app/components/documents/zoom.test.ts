import { describe, expect, it } from 'vitest'
import { canZoomIn, canZoomOut, normalizeZoom, ZOOM_DEFAULT, ZOOM_MAX, ZOOM_MIN, zoomIn, zoomOut } from './zoom'

describe('drawing zoom', () => {
  it('starts at 100 and moves in steps of 25 between 50 and 200', () => {
    expect(ZOOM_DEFAULT).toBe(100)
    const up: number[] = []
    for (let zoom = ZOOM_DEFAULT; canZoomIn(zoom); zoom = zoomIn(zoom)) up.push(zoomIn(zoom))
    expect(up).toEqual([125, 150, 175, 200])
    const down: number[] = []
    for (let zoom = ZOOM_DEFAULT; canZoomOut(zoom); zoom = zoomOut(zoom)) down.push(zoomOut(zoom))
    expect(down).toEqual([75, 50])
  })

  it('stays within the bounds', () => {
    expect(zoomIn(ZOOM_MAX)).toBe(200)
    expect(zoomOut(ZOOM_MIN)).toBe(50)
    expect(canZoomIn(200)).toBe(false)
    expect(canZoomOut(50)).toBe(false)
  })

  it('normalises a value from the URL to the grid, or 100 when unusable', () => {
    expect(normalizeZoom('150')).toBe(150)
    expect(normalizeZoom('160')).toBe(150)
    expect(normalizeZoom('10')).toBe(50)
    expect(normalizeZoom('900')).toBe(200)
    expect(normalizeZoom('abc')).toBe(100)
    expect(normalizeZoom('')).toBe(100)
    expect(normalizeZoom(null)).toBe(100)
    expect(normalizeZoom(Number.NaN)).toBe(100)
  })
})

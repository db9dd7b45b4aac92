import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { lazyPart, preloadParts } from './lazy-part'

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>
}

describe('lazyPart', () => {
  it('renders a part in full on the server once preloadParts has run, never its empty fallback', async () => {
    let loads = 0
    const Part = lazyPart(async () => {
      loads++
      return Greeting
    })
    await preloadParts()
    const html = renderToString(<Part name="Ada" />)
    expect(html).toContain('Hello <!-- -->Ada')
    // The Suspense boundary completed on the server: no client-render marker.
    expect(html).not.toContain('<!--$!-->')
    expect(renderToString(<Part name="Bo" />)).toContain('Bo')
    expect(loads).toBe(1)
  })

  it('renders a part preloaded before its first render without suspending', async () => {
    const Part = lazyPart(async () => Greeting)
    await Part.preload()
    expect(renderToString(<Part name="Cy" />)).toContain('Hello <!-- -->Cy')
  })

  it('renders nothing until the code has loaded, then the part', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    const Part = lazyPart(async () => {
      await gate
      return Greeting
    })
    // Not loaded yet: the boundary falls back to nothing (a client render on the server).
    expect(renderToString(<Part name="Ada" />)).not.toContain('Hello')
    release()
    await Part.preload()
    // React hears of the loaded code through the promise the first render started with.
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(renderToString(<Part name="Ada" />)).toContain('Ada')
  })

  it('tries a failed download again on the next preload', async () => {
    let attempts = 0
    const Part = lazyPart(async () => {
      attempts++
      if (attempts === 1) throw new Error('offline')
      return Greeting
    })
    await expect(Part.preload()).rejects.toThrow('offline')
    await expect(Part.preload()).resolves.toBe(Greeting)
    expect(attempts).toBe(2)
  })

  it('renders nothing when the code fails to load, never an error, and loads it on a later render', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    let attempts = 0
    const Part = lazyPart(async () => {
      attempts++
      if (attempts === 1) throw new Error('offline')
      return Greeting
    })
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0))
    renderToString(<Part name="Ada" />)
    await tick()
    // The failed load settles as an empty part: rendering it throws nothing.
    expect(() => renderToString(<Part name="Ada" />)).not.toThrow()
    expect(warn).toHaveBeenCalledOnce()
    renderToString(<Part name="Ada" />)
    await tick()
    expect(renderToString(<Part name="Ada" />)).toContain('Hello <!-- -->Ada')
    expect(attempts).toBe(2)
    warn.mockRestore()
  })
})

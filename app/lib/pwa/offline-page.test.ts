import { describe, expect, it } from 'vitest'
import { OFFLINE_BANNER_TEXT, OFFLINE_PAGE_TITLE, offlineCopy, offlineFallbackHtml } from './offline-page'

describe('the offline page', () => {
  it('says why a private page is missing: it is never kept on the device', () => {
    expect(offlineCopy('/history').reason).toMatch(/never kept on this device/)
    expect(offlineCopy('/ar-inspection/submissions/abc').reason).toMatch(/never kept on this device/)
  })

  it('says a kept page is saved after one visit, and anything else needs a connection', () => {
    expect(offlineCopy('/news').reason).toMatch(/Open it once while you are online/)
    expect(offlineCopy('/auth').reason).toMatch(/needs a connection/)
  })

  it('is a static page with the banner, the header, the tools and a Try again link to the same path', () => {
    const html = offlineFallbackHtml('/history')
    expect(html).toContain(OFFLINE_BANNER_TEXT)
    expect(html).toContain(`<h1>${OFFLINE_PAGE_TITLE}</h1>`)
    expect(html).toContain('SC ONLY')
    expect(html).toContain('<a href="/field-calculations">')
    expect(html).toContain('href="/history">Try again')
    expect(html).not.toMatch(/<script/i)
  })

  it('escapes the path it is given', () => {
    expect(offlineFallbackHtml('/"><script>x</script>')).not.toContain('<script>x')
  })
})

import { describe, expect, it } from 'vitest'
import { canonicalUrl, capText, dedupeById, newsItemId, normaliseEntry, publicationDate, stripHtml } from './normalise'

const NOW = new Date('2026-11-21T15:00:00Z')

describe('stripHtml', () => {
  it('removes tags, scripts and comments and decodes entities', () => {
    expect(stripHtml('<p>Trench &amp; <b>excavation</b>&nbsp;rule</p><script>alert(1)</script><!-- x -->')).toBe('Trench & excavation rule')
    expect(stripHtml('A &#8217;quote&#x2019; &lt;tag&gt; &unknown;')).toBe('A \u2019quote\u2019 <tag> &unknown;')
  })
  it('collapses whitespace and handles empty input', () => {
    expect(stripHtml('  one\n\n two\t three ')).toBe('one two three')
    expect(stripHtml(null)).toBe('')
  })
})

describe('capText', () => {
  it('leaves short text alone and cuts long text at a word with an ellipsis', () => {
    expect(capText('short', 10)).toBe('short')
    const cut = capText('alpha beta gamma delta epsilon', 20)
    expect(cut.length).toBeLessThanOrEqual(20)
    expect(cut).toBe('alpha beta gamma…')
  })
})

describe('canonicalUrl', () => {
  it('keeps absolute http(s) links without fragments or tracking parameters', () => {
    expect(canonicalUrl('https://Example.COM/a/b?id=3&utm_source=rss#top')).toBe('https://example.com/a/b?id=3')
  })
  it('resolves relative links against the feed address', () => {
    expect(canonicalUrl('/articles/1', 'https://news.example.org/feed.xml')).toBe('https://news.example.org/articles/1')
  })
  it('refuses other schemes, credentials, garbage and missing links', () => {
    expect(canonicalUrl('javascript:alert(1)')).toBeNull()
    expect(canonicalUrl('data:text/html,hi')).toBeNull()
    expect(canonicalUrl('mailto:a@b.c')).toBeNull()
    expect(canonicalUrl('https://user:pw@example.com/')).toBeNull()
    expect(canonicalUrl('not a url')).toBeNull()
    expect(canonicalUrl(null)).toBeNull()
    expect(canonicalUrl(`https://example.com/${'a'.repeat(2100)}`)).toBeNull()
  })
})

describe('publicationDate', () => {
  it('uses the published date, then the updated one', () => {
    const published = new Date('2026-11-20T10:00:00Z')
    expect(publicationDate(published, null, NOW)).toEqual(published)
    expect(publicationDate(null, published, NOW)).toEqual(published)
  })
  it('dates missing, invalid and far-future items at the fetch time', () => {
    expect(publicationDate(null, null, NOW)).toEqual(NOW)
    expect(publicationDate(new Date('nonsense'), null, NOW)).toEqual(NOW)
    expect(publicationDate(new Date('2027-06-01T00:00:00Z'), null, NOW)).toEqual(NOW)
  })
  it('clamps a date a few hours ahead (clock skew) to now', () => {
    expect(publicationDate(new Date(NOW.getTime() + 3_600_000), null, NOW)).toEqual(NOW)
  })
})

describe('normaliseEntry and dedupe', () => {
  const entry = {
    title: '<b>OSHA</b> issues rule',
    description: '<p>Summary &amp; more</p>',
    content: null,
    url: 'https://example.com/story?utm_medium=feed',
    published: new Date('2026-11-19T12:00:00Z'),
    updated: null,
  }
  it('builds a plain-text item whose id is the hash of the canonical link', () => {
    const item = normaliseEntry(entry, 'https://example.com/feed', NOW)
    expect(item).toEqual({
      id: newsItemId('https://example.com/story'),
      title: 'OSHA issues rule',
      summary: 'Summary & more',
      url: 'https://example.com/story',
      publishedAt: new Date('2026-11-19T12:00:00Z'),
    })
  })
  it('falls back to the content for a summary and drops items without a link or title', () => {
    expect(normaliseEntry({ ...entry, description: null, content: '<p>Body</p>' }, 'https://example.com/feed', NOW)?.summary).toBe('Body')
    expect(normaliseEntry({ ...entry, url: 'javascript:x' }, 'https://example.com/feed', NOW)).toBeNull()
    expect(normaliseEntry({ ...entry, title: '<p> </p>' }, 'https://example.com/feed', NOW)).toBeNull()
  })
  it('gives the same link the same id (tracking parameters aside) and keeps the first of duplicates', () => {
    const a = normaliseEntry(entry, 'https://example.com/feed', NOW)!
    const b = normaliseEntry({ ...entry, url: 'https://example.com/story#comments', title: 'Other' }, 'https://example.com/feed', NOW)!
    expect(a.id).toBe(b.id)
    expect(dedupeById([a, b])).toEqual([a])
    expect(newsItemId('https://example.com/other')).not.toBe(a.id)
  })
})

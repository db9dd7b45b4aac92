import { Link } from '@remix-run/react'

/** Previous / Next links with 'Page n of m'; nothing when everything fits on one page. */
export function Pagination({
  page,
  pageCount,
  href,
  label,
}: {
  page: number
  pageCount: number
  href: (page: number) => string
  label: string
}) {
  if (pageCount <= 1) return null
  const linkClass = 'inline-flex min-h-[var(--tap-size)] items-center rounded-md border border-border bg-card px-4 font-semibold'
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={href(page - 1)} className={linkClass} rel="prev">
          ← Previous
        </Link>
      ) : (
        <span />
      )}
      <p className="font-semibold">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={href(page + 1)} className={linkClass} rel="next">
          Next →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}

import { Link } from '@remix-run/react'
import { ExternalLink } from 'lucide-react'
import type { ReactNode } from 'react'
import { isInternal } from './links'

/** A link inside the app (client navigation, `onNavigate` first), or another site in a new tab. */
export function ResultLink({
  href,
  children,
  onNavigate,
  className = 'font-semibold text-primary underline underline-offset-4',
  label,
}: {
  href: string
  children: ReactNode
  onNavigate?: () => void
  className?: string
  label?: string
}) {
  if (isInternal(href)) {
    return (
      <Link to={href} onClick={onNavigate} className={className} aria-label={label}>
        {children}
      </Link>
    )
  }
  return (
    <a href={href} target="_blank" rel="noreferrer" className={`${className} inline-flex items-center gap-1`} aria-label={label ? `${label} (opens in a new tab)` : undefined}>
      {children}
      <ExternalLink aria-hidden className="size-4 shrink-0" />
      {label ? null : <span className="sr-only">(opens in a new tab)</span>}
    </a>
  )
}

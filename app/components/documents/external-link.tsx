import { ExternalLink as ExternalLinkIcon } from 'lucide-react'
import type { ReactNode } from 'react'

/** A link to an official page outside the product: new tab, no opener, and it says so. */
export function ExternalLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <ExternalLinkIcon aria-hidden className="ml-1 inline size-[0.9em] align-[-0.1em]" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  )
}

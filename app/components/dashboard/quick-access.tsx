import { Link, useLocation } from '@remix-run/react'
import { ExternalLink } from 'lucide-react'
import type { QuickAccessTile } from '~/lib/dashboard/types'
import { focusSearchBox, isPlainClick } from './focus-search'
import { DashboardIcon } from './icons'

const TILE_CLASS =
  'flex h-full min-h-[var(--tap-size)] flex-col items-start gap-2 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm transition hover:border-primary hover:bg-accent hover:text-accent-foreground'

function TileBody({ tile }: { tile: QuickAccessTile }) {
  return (
    <>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
        <DashboardIcon name={tile.icon} className="size-5" />
      </span>
      <span className="min-w-0 break-words">
        <span className="flex items-start gap-1 leading-snug font-semibold">
          {tile.title}
          {tile.isExternal ? <ExternalLink aria-hidden data-testid="external-marker" className="mt-0.5 size-4 shrink-0" /> : null}
        </span>
        <span className="mt-0.5 block text-sm text-muted-foreground">{tile.description}</span>
        {tile.isExternal ? <span className="sr-only"> (opens in a new tab)</span> : null}
      </span>
    </>
  )
}

/**
 * Quick Access (up to 10 tiles). External tiles open the department's page in a new tab; in-app ones
 * are links. 'New Search' on the home page focuses the search box instead of reloading it.
 */
export function QuickAccess({ tiles }: { tiles: readonly QuickAccessTile[] }) {
  const location = useLocation()
  return (
    <section aria-labelledby="quick-access-title" data-testid="quick-access" className="dashboard-quick-access">
      <h2 id="quick-access-title" className="text-lg font-bold">
        Quick Access
      </h2>
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {tiles.map((tile) => (
          <li key={tile.id}>
            {tile.isExternal ? (
              <a href={tile.url} target="_blank" rel="noopener noreferrer" className={TILE_CLASS}>
                <TileBody tile={tile} />
              </a>
            ) : (
              <Link
                to={tile.url}
                className={TILE_CLASS}
                onClick={(event) => {
                  if (tile.id === 'new-search' && location.pathname === '/' && isPlainClick(event) && focusSearchBox()) {
                    event.preventDefault()
                  }
                }}
              >
                <TileBody tile={tile} />
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}

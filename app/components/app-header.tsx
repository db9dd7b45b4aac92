import { Link } from '@remix-run/react'
import { BookOpen } from 'lucide-react'
import { PRODUCT_NAME } from '~/lib/brand'
import { SideMenu } from './side-menu'

/**
 * The header on every screen: product name with the 'SC ONLY' badge, and the menu button. The shell keeps
 * it sticky together with the connectivity banner (app/root.tsx).
 */
export function AppHeader() {
  return (
    <header className="no-print bg-primary text-primary-foreground shadow-md">
      {/* One line at every phone width: the name and the badge never wrap (the name steps down a size on
          the narrowest phones, and is cut with an ellipsis only below 330 px). */}
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-[var(--page-gutter)] py-2 sm:gap-3">
        <Link to="/" className="flex min-w-0 items-center gap-2 font-bold tracking-tight">
          <img src="/logo-mark.svg" alt="" width={28} height={28} className="size-7 shrink-0" />
          <span data-testid="header-title" className="truncate whitespace-nowrap text-base max-[370px]:text-[0.9375rem]">
            {PRODUCT_NAME}
          </span>
        </Link>
        <span
          data-testid="sc-only-badge"
          className="shrink-0 whitespace-nowrap rounded bg-white px-1.5 py-0.5 text-xs font-extrabold tracking-wide text-[#9f1239]"
        >
          SC ONLY
        </span>
        <div className="ml-auto flex shrink-0 items-center gap-1 max-sm:gap-0">
          <Link
            to="/documents"
            aria-label="Reference documents"
            title="Reference documents"
            className="inline-flex size-[var(--tap-size)] items-center justify-center rounded-md hover:bg-white/15"
          >
            <BookOpen aria-hidden className="size-6" />
          </Link>
          <SideMenu />
        </div>
      </div>
    </header>
  )
}

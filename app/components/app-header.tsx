import { Link } from '@remix-run/react'
import { BookOpen } from 'lucide-react'
import { PRODUCT_NAME } from '~/lib/brand'
import { SideMenu } from './side-menu'

/** The header on every screen: product name with the 'SC ONLY' badge, and the menu button. */
export function AppHeader() {
  return (
    <header className="no-print sticky top-0 z-40 bg-primary text-primary-foreground shadow-md">
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-[var(--page-gutter)] py-2">
        <Link to="/" className="flex items-center gap-2 font-bold tracking-tight">
          <img src="/logo-mark.svg" alt="" width={28} height={28} className="size-7" />
          <span>{PRODUCT_NAME}</span>
        </Link>
        <span className="rounded bg-white px-1.5 py-0.5 text-xs font-extrabold tracking-wide text-[#9f1239]">SC ONLY</span>
        <div className="ml-auto flex items-center gap-1">
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

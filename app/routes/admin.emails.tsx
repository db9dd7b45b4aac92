import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react'
import { Download } from 'lucide-react'
import { getDatabase } from '@db/client'
import { MemberTable } from '~/components/admin/member-table'
import { Pagination } from '~/components/history/pagination'
import { memberFilterHref, parseMemberFilter } from '~/lib/admin/member-filter'
import { listMembers } from '~/lib/admin.server'
import { currentUser, requireAdmin } from '~/lib/auth/auth.server'
import { PageQuery, readQuery } from '~/lib/http.server'
import { PRODUCT_NAME } from '~/lib/brand'

export const meta: MetaFunction = () => [{ title: `Email manager - ${PRODUCT_NAME}` }, { name: 'robots', content: 'noindex' }]

/** Administrators only: signed-out visitors go to sign in; anyone else gets the 403 page. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await currentUser(request))) throw redirect('/auth?tab=signin')
  await requireAdmin(request)
  const url = new URL(request.url)
  const filter = parseMemberFilter(url.searchParams)
  const { page } = readQuery(request, PageQuery)
  const { db } = await getDatabase()
  const result = await listMembers(db, filter, page)
  return {
    filter,
    total: result.total,
    optedIn: result.optedIn,
    page: result.page,
    pageCount: result.pageCount,
    members: result.members.map((member) => ({ ...member, createdAt: member.createdAt.toISOString() })),
  }
}

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`
}

export default function AdminEmailsRoute() {
  const { filter, total, optedIn, page, pageCount, members } = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const searching = navigation.state === 'loading' && navigation.location?.pathname === '/admin/emails'
  const filtered = filter.q !== '' || filter.optedIn
  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-3xl font-bold">Email manager</h1>
        <p className="mt-2 text-muted-foreground">Members and whether they agreed to receive news by email. Guests are not listed.</p>
      </header>

      <Form method="get" role="search" aria-label="Members" className="grid gap-3 rounded-xl border border-border bg-card p-4 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <div className="grid gap-1">
          <label htmlFor="member-q" className="font-semibold">
            Search by email or name
          </label>
          <input
            id="member-q"
            type="search"
            name="q"
            defaultValue={filter.q}
            key={filter.q}
            maxLength={200}
            className="min-h-[var(--tap-size)] rounded-md border border-border bg-background px-3"
          />
        </div>
        <label className="flex min-h-[var(--tap-size)] items-center gap-2">
          <input type="checkbox" name="optedIn" value="1" defaultChecked={filter.optedIn} key={String(filter.optedIn)} className="size-5" />
          Opted in only
        </label>
        <button type="submit" className="min-h-[var(--tap-size)] rounded-md bg-primary px-5 font-semibold text-primary-foreground">
          Search
        </button>
      </Form>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-xl font-bold" aria-live="polite" data-testid="member-counts">
          {plural(total, 'member', 'members')}, {optedIn} opted in
        </p>
        <div className="flex flex-wrap gap-2">
          {filtered ? (
            <Link to="/admin/emails" className="inline-flex min-h-[var(--tap-size)] items-center rounded-md border border-border px-4 font-semibold">
              Clear filters
            </Link>
          ) : null}
          <a
            href={memberFilterHref('/admin/emails.csv', filter)}
            download="members.csv"
            className="inline-flex min-h-[var(--tap-size)] items-center gap-2 rounded-md border border-border bg-card px-4 font-semibold"
          >
            <Download aria-hidden className="size-5" />
            Download CSV
          </a>
        </div>
      </div>

      <div aria-busy={searching || undefined} className="min-w-0">
        {members.length === 0 ? (
          <p className="rounded-xl border border-border bg-card p-6 text-center text-muted-foreground">
            {filtered ? 'No members match these filters.' : 'No members yet.'}
          </p>
        ) : (
          <MemberTable members={members} />
        )}
      </div>
      <Pagination page={page} pageCount={pageCount} href={(n) => memberFilterHref('/admin/emails', filter, n)} label="Member pages" />
    </div>
  )
}

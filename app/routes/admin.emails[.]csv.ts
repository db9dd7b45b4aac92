import type { LoaderFunctionArgs } from '@remix-run/node'
import { getDatabase } from '@db/client'
import { parseMemberFilter } from '~/lib/admin/member-filter'
import { allMembers, membersCsv } from '~/lib/admin.server'
import { requireAdmin } from '~/lib/auth/auth.server'

/** GET /admin/emails.csv?q=&optedIn=1: the members of /admin/emails with the same filter. Admins only. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  const filter = parseMemberFilter(new URL(request.url).searchParams)
  const { db } = await getDatabase()
  return new Response(membersCsv(await allMembers(db, filter)), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="members.csv"',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}

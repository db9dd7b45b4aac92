import { formatShortDate } from '~/lib/dashboard/clock'

export interface MemberListItem {
  email: string
  firstName: string
  lastName: string
  /** ISO 8601. */
  createdAt: string
  newsEmailOptIn: boolean
}

/** Members, newest first; scrolls sideways on a phone rather than squeezing the emails. */
export function MemberTable({ members }: { members: readonly MemberListItem[] }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-card" tabIndex={0} role="region" aria-labelledby="members-caption">
      <table className="w-full min-w-[36rem] text-left">
        <caption id="members-caption" className="sr-only">
          Members
        </caption>
        <thead className="bg-muted text-sm">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Email
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Name
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Signed up
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              News by email
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.email} className="border-t border-border">
              <td className="whitespace-nowrap px-4 py-3 font-medium">{member.email}</td>
              <td className="px-4 py-3">
                {member.firstName} {member.lastName}
              </td>
              <td className="whitespace-nowrap px-4 py-3">{formatShortDate(member.createdAt)}</td>
              <td className="px-4 py-3">
                {member.newsEmailOptIn ? (
                  <span className="rounded-full bg-primary px-2.5 py-0.5 text-sm font-semibold text-primary-foreground">Opted in</span>
                ) : (
                  <span className="text-muted-foreground">No</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

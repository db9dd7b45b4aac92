import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'

/** One titled block of the card ('Key Measurements', 'Critical Checks'...). */
export function SheetSection({
  id,
  title,
  Icon,
  children,
}: {
  id: string
  title: string
  Icon: LucideIcon
  children: ReactNode
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3">
      <h3 id={`${id}-title`} className="flex items-center gap-2 text-lg font-bold">
        <Icon aria-hidden className="size-5 text-primary" />
        {title}
      </h3>
      {children}
    </section>
  )
}

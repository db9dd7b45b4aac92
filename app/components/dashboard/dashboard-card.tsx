import type { ReactNode } from 'react'

/** A titled dashboard section. */
export function DashboardCard({
  id,
  title,
  action,
  className = '',
  children,
}: {
  id: string
  title: string
  action?: ReactNode
  className?: string
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid={id}
      className={`rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm ${className}`}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  )
}

/** A horizontal bar, `value` of `max` filled. Decorative: the number is always written next to it. */
export function Bar({ value, max }: { value: number; max: number }) {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0
  return (
    <div aria-hidden className="h-2.5 w-full overflow-hidden rounded-full bg-muted">
      <div data-testid="bar-fill" className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
    </div>
  )
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`
}

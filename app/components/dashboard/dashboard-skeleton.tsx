/** Placeholder while the dashboard loads (product-spec §2 'loading skeleton'). */
export function DashboardSkeleton() {
  const block = 'rounded-xl bg-muted motion-safe:animate-pulse'
  return (
    <div role="status" aria-live="polite" data-testid="dashboard-skeleton" className="grid gap-6">
      <span className="sr-only">Loading your dashboard</span>
      <div aria-hidden className={`h-28 ${block}`} />
      <div aria-hidden className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className={`h-20 ${block}`} />
        ))}
      </div>
      <div aria-hidden className="grid gap-6 lg:grid-cols-2">
        <div className={`h-44 ${block}`} />
        <div className={`h-44 ${block}`} />
      </div>
    </div>
  )
}

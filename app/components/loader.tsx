/** The three-dot pulsing loader. */
export function DotsLoader({ label = 'Loading', className = '' }: { label?: string; className?: string }) {
  return (
    <span role="status" aria-live="polite" className={`inline-flex items-center gap-1.5 ${className}`}>
      <span className="loader-dot size-2.5 rounded-full bg-primary" />
      <span className="loader-dot size-2.5 rounded-full bg-primary" />
      <span className="loader-dot size-2.5 rounded-full bg-primary" />
      <span className="sr-only">{label}</span>
    </span>
  )
}

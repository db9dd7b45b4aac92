export const primaryButton =
  'inline-flex min-h-[var(--tap-size)] items-center justify-center gap-2 rounded-md bg-primary px-4 font-semibold text-primary-foreground disabled:opacity-50'
export const secondaryButton =
  'inline-flex min-h-[var(--tap-size)] items-center justify-center gap-2 rounded-md border border-border bg-card px-4 font-semibold text-foreground disabled:opacity-50'
export const card = 'rounded-xl border border-border bg-card p-4 sm:p-5'

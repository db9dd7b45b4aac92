export const primaryButton =
  'inline-flex min-h-[var(--tap-size)] items-center justify-center gap-2 rounded-md bg-primary px-4 font-semibold text-primary-foreground hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-50'
export const secondaryButton =
  'inline-flex min-h-[var(--tap-size)] items-center justify-center gap-2 rounded-md border border-border px-4 font-semibold hover:bg-muted disabled:cursor-not-allowed disabled:opacity-50'
export const iconButton =
  'inline-flex size-[var(--tap-size)] shrink-0 items-center justify-center rounded-md hover:bg-muted'

/** The toast colours, shared by the server's copy (StaticToast) and the Radix toaster. */
export const variantClass = {
  default: 'border-border bg-card text-card-foreground',
  destructive: 'border-destructive bg-destructive text-destructive-foreground',
} as const

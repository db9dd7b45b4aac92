import { z } from 'zod'

/** A toast as the server sends it (through the flash cookie) and the client shows it. */
export const ToastSchema = z.object({
  id: z.string().default(() => Math.random().toString(36).slice(2)),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
  variant: z.enum(['default', 'destructive']).default('default'),
  /** Milliseconds; product toasts last 3 to 5 s, 5 s by default. */
  duration: z.number().int().min(1000).max(60_000).default(5000),
})
export type Toast = z.infer<typeof ToastSchema>
export type ToastInput = z.input<typeof ToastSchema>

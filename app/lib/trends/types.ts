/** The trend insight (§3) as the API and the screen see it, and the request schemas. Browser-safe. */
import { z } from 'zod'
import { categoryOptionSchema } from './categories'
import { DEFAULT_DATE_RANGE, dateRangeSchema } from './date-range'

export interface TrendSource {
  title: string
  url: string
  source?: string
  publishedAt?: string
}

export interface TrendInsight {
  id: string
  category: string
  title: string
  dateRange: string
  /** ISO time. */
  generatedAt: string
  keyMetrics: Record<string, string | number>
  insight: string
  actionableRecommendations: string[]
  relatedSpecifications: string[]
  sources: TrendSource[]
  /** What wrote the text: the template, or a chat model (the figures always come from the data). */
  engine: string
}

/** POST /api/trend-insights/generate (§7): JSON { category, dateRange, includeRecommendations }. */
export const generateRequestSchema = z.object({
  category: categoryOptionSchema.default('all'),
  dateRange: dateRangeSchema.default(DEFAULT_DATE_RANGE),
  includeRecommendations: z.boolean().default(true),
})
export type GenerateRequest = z.infer<typeof generateRequestSchema>

/** GET /api/trend-insights?category= */
export const listQuerySchema = z.object({ category: categoryOptionSchema.default('all') })

/** The first message of a zod error, for a 400. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'Invalid request.'
  const field = issue.path.join('.')
  return field ? `${field}: ${issue.message}` : issue.message
}

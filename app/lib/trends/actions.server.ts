/**
 * The request handling shared by the JSON API and the /trends page: validation (zod), the per-address
 * rate limit (trend generation is open to anyone, §6), generation, and list reads. Client mistakes give
 * a 4xx with a message, never a 500.
 */
import type { AppLoadContext } from '@remix-run/node'
import { getDatabase } from '@db/client'
import { clientIp } from '../auth/respond.server'
import { config } from '../config.server'
import { logger } from '../logger.server'
import { hitRateLimit, type RateLimitRule } from '../rate-limit.server'
import { generateInsight } from './generate.server'
import { listInsights } from './store.server'
import { firstIssue, generateRequestSchema, listQuerySchema, type TrendInsight } from './types'

export const GENERATE_RATE_LIMIT: RateLimitRule = {
  limit: config().RATE_LIMIT_TRENDS_PER_IP,
  windowMs: 60 * 60_000,
}
export const RATE_LIMITED = 'Too many insights generated from this address. Please wait and try again later.'

export type Outcome<T> = ({ ok: true } & T) | { ok: false; status: number; message: string; headers?: Record<string, string> }

export async function generateFromInput(input: unknown, context: AppLoadContext): Promise<Outcome<{ insight: TrendInsight }>> {
  const parsed = generateRequestSchema.safeParse(input ?? {})
  if (!parsed.success) return { ok: false, status: 400, message: firstIssue(parsed.error) }
  const handle = await getDatabase()
  const { allowed, retryAfterSeconds } = await hitRateLimit(handle.db, `trends:generate:${clientIp(context)}`, GENERATE_RATE_LIMIT)
  if (!allowed) return { ok: false, status: 429, message: RATE_LIMITED, headers: { 'Retry-After': String(retryAfterSeconds) } }
  try {
    return { ok: true, insight: await generateInsight(handle, parsed.data) }
  } catch (error) {
    logger.error({ err: error }, 'trend insight generation failed')
    return { ok: false, status: 500, message: 'Failed to generate trend insight' }
  }
}

export async function listFromQuery(params: URLSearchParams): Promise<Outcome<{ insights: TrendInsight[] }>> {
  const raw = params.get('category')
  const parsed = listQuerySchema.safeParse({ category: raw === null || raw === '' ? undefined : raw })
  if (!parsed.success) return { ok: false, status: 400, message: firstIssue(parsed.error) }
  const { db } = await getDatabase()
  return { ok: true, insights: await listInsights(db, { category: parsed.data.category }) }
}

/**
 * Generates and stores one trend insight: figures from the stored news and the aggregated search topics
 * of the period and the previous one, related specifications from corpus retrieval, the text from the
 * template (or a checked chat-model narrative), recommendations from rules on the figures.
 */
import type { DbHandle } from '@db/client'
import { logger } from '../logger.server'
import { exactCitationsOf } from '../search/core/citations'
import { chatModelConfig } from '../providers.server'
import { retrieve } from '../search/retrieve.server'
import { CATEGORY_PROFILES, generationCategory, type TrendCategory } from './categories'
import { parseDateRange } from './date-range'
import { computeFigures, keyMetricsOf } from './metrics'
import { modelNarrative } from './model.server'
import { insightText, insightTitle } from './narrative'
import { recommendationsFor } from './recommendations'
import { articlesBetween, saveInsight, searchAggregate } from './store.server'
import type { GenerateRequest, TrendInsight } from './types'

export const TEMPLATE_ENGINE = 'Template (figures from stored news and search topics)'
export const MAX_RELATED_SPECS = 5

export async function relatedSpecifications(handle: DbHandle, category: TrendCategory): Promise<string[]> {
  try {
    const { passages } = await retrieve(handle, CATEGORY_PROFILES[category].retrievalQuery, { limit: 10 })
    // The defect guide is the product's own diagnosis aid, not a specification.
    return exactCitationsOf(passages.filter((passage) => passage.chunkKind !== 'defect'))
      .map((citation) => citation.reference)
      .slice(0, MAX_RELATED_SPECS)
  } catch (error) {
    logger.warn({ err: error, category }, 'related specifications: retrieval failed')
    return []
  }
}

export async function generateInsight(handle: DbHandle, request: GenerateRequest, now: Date = new Date()): Promise<TrendInsight> {
  const category = generationCategory(request.category)
  const parsed = parseDateRange(request.dateRange, now)
  if (!parsed.ok) throw new Error(parsed.message)
  const { range } = parsed
  const topics = CATEGORY_PROFILES[category].topics
  const [articles, searches, previousSearches, specs] = await Promise.all([
    articlesBetween(handle.db, range.previous.start, range.end),
    searchAggregate(handle.db, topics, range.start, range.end),
    searchAggregate(handle.db, topics, range.previous.start, range.previous.end),
    relatedSpecifications(handle, category),
  ])
  const { figures, used } = computeFigures({ category, range, articles, searches, previousSearches })

  let insight = insightText(figures)
  let engine = TEMPLATE_ENGINE
  const config = chatModelConfig()
  if (config && figures.enoughData) {
    const outcome = await modelNarrative(config, figures)
    if (outcome.ok) {
      insight = outcome.text
      engine = `Chat model: ${config.model} (figures checked)`
    } else {
      logger.warn({ reason: outcome.reason, category }, 'trend narrative: model reply not used; template text kept')
    }
  }

  return saveInsight(
    handle.db,
    {
      category,
      title: insightTitle(figures),
      dateRange: range.label,
      keyMetrics: keyMetricsOf(figures),
      insight,
      actionableRecommendations: request.includeRecommendations ? recommendationsFor(figures, specs) : [],
      relatedSpecifications: specs,
      sources: used.map((article) => ({
        title: article.title,
        url: article.url,
        source: article.source,
        publishedAt: article.publishedAt.toISOString(),
      })),
      engine,
    },
    now,
  )
}

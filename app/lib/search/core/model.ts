/**
 * The fitted decisions of the search core (docs/decisions/015): a conditional logit that scores each
 * candidate fact against the question's other candidates (which one answers?) and a logistic model that
 * scores the composed answer (is it right?),
 * with the confidence thresholds chosen by cross-validation. The numbers live in model.json, written by
 * `npm run fit:search` (scripts/fit-search-model.ts) from the tuning questions; nothing here is hand-set.
 * Pure.
 */
import type { AskedData } from './asked'
import raw from './model.json'
import { FACT_FEATURES } from './rank'

export const ANSWER_FEATURES = [
  'leadProbability',
  'answerMass',
  'margin',
  'leadCoverage',
  'leadOwnCoverage',
  'leadMissingMax',
  'notConfirmedNearby',
  'leadTypeMatch',
  'typeAsked',
  'topPassageCoverage',
  'topPassageRelative',
  'unknownShare',
  'fieldVocabulary',
  'exactNumber',
  'contentTerms',
  'agreeingFacts',
  'coverageProduct',
  'specificMatch',
  'leadRank',
  'leadAskedBefore',
] as const

interface Logistic {
  features: string[]
  mean: number[]
  scale: number[]
  weights: number[]
  bias: number
}

export interface SearchModel {
  version: string
  fact: Logistic
  answer: Logistic
  /** An answer at or above `high` is 'high' confidence, at or above `answer` it is given ('medium'); below, abstain. */
  thresholds: { high: number; answer: number }
  /** Earlier questions by the facts that answered them (asked.ts); written by the fit. */
  asked?: AskedData
}

export const MODEL = raw as SearchModel

function check(model: Logistic, names: readonly string[], what: string): void {
  if (model.features.join(',') !== names.join(',')) {
    throw new Error(`search model: the ${what} features (${model.features.join(', ')}) are not the code's (${names.join(', ')}): run npm run fit:search`)
  }
}
check(MODEL.fact, FACT_FEATURES, 'fact')
check(MODEL.answer, ANSWER_FEATURES, 'answer')

export function logistic(model: Logistic, features: readonly number[]): number {
  let z = model.bias
  for (let i = 0; i < model.weights.length; i++) z += model.weights[i]! * ((features[i]! - model.mean[i]!) / (model.scale[i] || 1))
  return 1 / (1 + Math.exp(-z))
}

/** The fact model's score of one fact (a linear score: softmax over a question's candidates gives probabilities). */
export function factScore(features: readonly number[], model: SearchModel = MODEL): number {
  const m = model.fact
  let z = m.bias
  for (let i = 0; i < m.weights.length; i++) z += m.weights[i]! * ((features[i]! - m.mean[i]!) / (m.scale[i] || 1))
  return z
}

/** Probabilities of each candidate being the answer: a softmax over the question's candidates (conditional logit). */
export function factProbabilities(scores: readonly number[]): number[] {
  if (scores.length === 0) return []
  const max = Math.max(...scores)
  const exps = scores.map((z) => Math.exp(z - max))
  const sum = exps.reduce((a, b) => a + b, 0)
  return exps.map((e) => e / sum)
}
export const answerProbability = (features: readonly number[], model: SearchModel = MODEL) => logistic(model.answer, features)

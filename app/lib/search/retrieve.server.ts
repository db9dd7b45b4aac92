/**
 * Hybrid retrieval in one SQL statement (docs/DESIGN.md, 'Data flow of a question'):
 *
 * 1. full text: the question's words and their expansions, each a `phraseto_tsquery`, OR-ed; ranked by
 *    `ts_rank` over the weighted tsvector (section and title A, heading path B, body C), normalised to
 *    rank / (rank + 1). `ts_rank_cd` (cover density) ranked the same on the dev questions (hit@3 20/20
 *    either way) but cost 2-4 times as much per matching row on PGlite;
 * 2. vectors: cosine distance to the question's embedding, only against vectors of the current model
 *    (`embedding_model`), skipped when there is no model or the question embeds as the zero vector;
 * 3. exact numbers: chunks whose `refs` hold a number the question names (GIN index);
 * 4. weighted reciprocal rank fusion (DEFAULT_FUSION: k = 20, vector list at weight 0.4) of lists 1
 *    and 2, plus a boost for an exact number: largest when the chunk is that section or record (a word of
 *    its section is the number: 'SC-M-400 (2018)'), nearly as large for a subsection ('401' -> 401.4.2:
 *    ingest stores a section's parents in its refs), small when the chunk only mentions it. Within a
 *    section, full text and vectors still decide the order.
 *
 * Modes 'fts' and 'vector' return one list alone, ranked by its own score (for benchmarks); 'fused' is the
 * product. The edition filter keeps every chunk that is not from an edition of the Standard Specifications
 * (document kind spec-section or spec-book with edition 2007 or 2025), and of those only the edition asked
 * for. Every value reaches the database as a bind parameter; no question text is ever spliced into SQL.
 */
import { sql, type SQL } from 'drizzle-orm'
import { rowsOf, type DbHandle } from '@db/client'
import { logger } from '../logger.server'
import { getQueryEmbedder } from './embedder.server'
import { numberOrNull, PASSAGE_COLUMNS, passageOfRow, type PassageRow } from './passage-row.server'
import { isZeroVector } from './core/lsa'
import { analyzeQuery, embeddingText, fullTextTerms } from './core/query'
import type { Passage, QueryAnalysis, RetrievalMode, RetrievalOptions, RetrievalResult } from './core/types'
import { getVocabulary } from './vocabulary.server'

export const DEFAULT_LIMIT = 8
const MAX_LIMIT = 50
/** Candidates taken from each list before fusion in a broad search (the retry). */
const BROAD_CANDIDATES = 150

/** How the two lists are fused. Benchmarks pass other values to `retrieve`; the product uses DEFAULT_FUSION. */
export interface FusionConfig {
  /** Reciprocal rank fusion constant: a list's item at rank r scores weight / (k + r). */
  k: number
  ftsWeight: number
  vectorWeight: number
  /** Candidates taken from each list before fusion (normal search). */
  candidates: number
  /**
   * Below this cosine similarity a vector candidate is noise (LSA gives unrelated texts small positive
   * similarities); a broad search keeps them all.
   */
  minSimilarity: number
  /**
   * null: every vector candidate joins the fusion. Otherwise the vector list re-ranks the full-text
   * candidates and adds at most `max` chunks that full text did not find, each with similarity >= `minSimilarity`.
   */
  vectorOnly: { minSimilarity: number; max: number } | null
}

/**
 * Chosen by `npm run bench:retrieval -- --sweep` on the own and dev sets (docs/decisions/001): equal weights
 * (k = 60) lost to full text alone; the vector list at 0.4 of the weight (with 256-dimension LSA) re-orders
 * full-text ties and near-ties without overturning a clear full-text winner.
 */
export const DEFAULT_FUSION: FusionConfig = {
  k: 20,
  ftsWeight: 1,
  vectorWeight: 0.4,
  candidates: 40,
  minSimilarity: 0.15,
  vectorOnly: null,
}

/** A broad search (the retry): both lists at equal weight, as first designed. */
const BROAD_FUSION: FusionConfig = { ...DEFAULT_FUSION, k: 60, vectorWeight: 1 }

/** Exact-number boosts, in units of fused score at k = 60 (one list's first place is 1/61 = 0.0164). */
export const EXACT_BOOST = { section: 0.04, subsection: 0.035, mention: 0.012 } as const
/** A broad search adds the neighbours (previous and next chunk) of its best few passages. */
const NEIGHBOUR_SOURCES = 5
const NEIGHBOUR_FACTOR = 0.6
/** Documents that are editions of the Standard Specifications (the only ones the edition filter narrows). */
const SPEC_BOOK_KINDS = ['spec-section', 'spec-book']
const SPEC_EDITIONS = ['2007', '2025']

interface Row extends PassageRow {
  page_label_start: string | null
  page_label_end: string | null
  topics: unknown
  fts: number | null
  fts_rank: number | null
  sim: number | null
  vec_rank: number | null
  exact_level: number
  fused: number
}

const jsonArray = (values: readonly string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`

function tsqueryOf(terms: readonly string[], broad: boolean): SQL {
  const parts = terms.map((term) => sql`phraseto_tsquery('english', ${term})`)
  if (broad) {
    // Looser matching: every longer word also as a prefix ('compact' finds 'compaction', 'compacted').
    for (const term of terms) if (/^[a-z]{5,}$/.test(term)) parts.push(sql`to_tsquery('english', ${`${term}:*`})`)
  }
  return parts.length > 0 ? sql`(${sql.join(parts, sql` || `)})` : sql`''::tsquery`
}

/** Keeps chunks not from a spec-book edition, and spec-book chunks of `edition`. */
function editionFilter(edition: '2007' | '2025' | null): SQL {
  if (!edition) return sql`true`
  return sql`not (d.kind = any(${jsonArray(SPEC_BOOK_KINDS)}) and coalesce(c.edition, d.edition) = any(${jsonArray(SPEC_EDITIONS)}) and coalesce(c.edition, d.edition) <> ${edition})`
}

async function questionVector(handle: DbHandle, analysis: QueryAnalysis): Promise<{ model: string; vector: number[] } | null> {
  try {
    const embedder = await getQueryEmbedder(handle)
    if (!embedder) return null
    const vector = await embedder.embeddings.embedQuery(embeddingText(analysis))
    if (vector.length === 0 || isZeroVector(vector) || vector.some((x) => !Number.isFinite(x))) return null
    return { model: embedder.name, vector }
  } catch (error) {
    // A configured endpoint (or a stored model) that fails must not fail the search: full text still answers.
    logger.warn({ err: error }, 'question embedding failed; ranking by full text only')
    return null
  }
}

interface Plan {
  analysis: QueryAnalysis
  mode: RetrievalMode
  edition: '2007' | '2025' | null
  broad: boolean
  limit: number
  exclude: readonly string[]
  vector: { model: string; vector: number[] } | null
  fusion: FusionConfig
}

function buildStatement(plan: Plan): SQL {
  const { analysis, mode, broad } = plan
  // The retry leans on meaning more than the first search does: the vector list at full weight.
  const fusion = broad ? BROAD_FUSION : plan.fusion
  const n = broad ? BROAD_CANDIDATES : fusion.candidates
  const filter = editionFilter(plan.edition)
  // The documents join is needed only by the edition filter.
  const from = plan.edition ? sql`chunks c join documents d on d.id = c.document_id` : sql`chunks c`
  const useFts = mode !== 'vector'
  const useVector = mode !== 'fts' && plan.vector !== null
  const useExact = mode === 'fused' && analysis.numbers.length > 0
  const minSimilarity = broad ? -1 : fusion.minSimilarity
  // Boosts keep their size relative to a first place when k changes.
  const boostScale = (1 + 60) / (1 + fusion.k)
  const vectorOnly = broad ? null : fusion.vectorOnly

  const fts = useFts
    ? sql`select c.id, ts_rank(c.tsv, (select tsq from p), 32)::float8 as score
          from ${from}
          where c.tsv @@ (select tsq from p) and ${filter}
          order by score desc, c.id limit ${n}`
    : sql`select null::text as id, 0::float8 as score where false`
  const vec = useVector
    ? sql`select id, (1 - distance)::float8 as sim from (
            select c.id, c.embedding <=> (select qv from p) as distance
            from ${from}
            where c.embedding_model = ${plan.vector!.model} and c.embedding is not null and ${filter}
            order by distance, c.id limit ${n}
          ) v where 1 - distance >= ${minSimilarity}`
    : sql`select null::text as id, 0::float8 as sim where false`
  // The words of the chunk's section ('SC-M-400 (2018)', '29 CFR 1926.652(a)(1)', 'MUTCD 6H-4', 'G501'):
  // the chunk is that record when one of them is the number, a subsection when one starts with it.
  const exact = useExact
    ? sql`select c.id,
            case when s.words && (select nums from p) then 3
                 when exists (select 1 from unnest(s.words) w, unnest((select nums from p)::text[]) num where w like num || '.%') then 2
                 else 1 end as level
          from ${from}
          cross join lateral (select regexp_split_to_array(lower(coalesce(c.section, '')), '[[:space:](),;:]+') as words) s
          where c.refs && (select nums from p) and ${filter}
          order by level desc, c.id
          limit ${n * 4}`
    : sql`select null::text as id, 0 as level where false`

  const fusedScore =
    mode === 'fts'
      ? sql`coalesce(f.score, 0)`
      : mode === 'vector'
        ? sql`coalesce(v.sim, 0)`
        : sql`coalesce(${fusion.ftsWeight}::float8 / (${fusion.k} + f.rnk), 0) + coalesce(${fusion.vectorWeight}::float8 / (${fusion.k} + v.rnk), 0)
              + case coalesce(e.level, 0) when 3 then ${EXACT_BOOST.section * boostScale}::float8
                  when 2 then ${EXACT_BOOST.subsection * boostScale}::float8
                  when 1 then ${EXACT_BOOST.mention * boostScale}::float8 else 0 end`
  // In the single-list modes only that list's members count.
  const members =
    mode === 'fts'
      ? sql`select id from fts_r`
      : mode === 'vector'
        ? sql`select id from vec_r`
        : vectorOnly
          ? sql`select id from fts_r union select id from ex union (
                  select id from vec_r where sim >= ${vectorOnly.minSimilarity}
                    and id not in (select id from fts_r) order by rnk limit ${vectorOnly.max})`
          : sql`select id from fts_r union select id from vec_r union select id from ex`

  const neighbours = broad
    ? sql`, neighbours as (
          select n.id, max(t.fused) * ${NEIGHBOUR_FACTOR}::float8 as fused
          from (select id, fused from fused order by fused desc, id limit ${NEIGHBOUR_SOURCES}) t
          join chunks c on c.id = t.id
          join chunks n on n.document_id = c.document_id and abs(n.ordinal - c.ordinal) = 1
          join documents d on d.id = n.document_id
          where n.id not in (select id from fused) and ${filter}
          group by n.id
        ),
        ranked as (
          select id, fts, fts_rank, sim, vec_rank, level, fused from fused
          union all
          select id, null, null, null, null, 0, fused from neighbours
        )`
    : sql`, ranked as (select id, fts, fts_rank, sim, vec_rank, level, fused from fused)`

  return sql`
    with p as (
      select ${tsqueryOf(fullTextTerms(analysis), broad)} as tsq,
             ${jsonArray(analysis.numbers)} as nums,
             ${jsonArray(plan.exclude)} as excluded,
             ${plan.vector ? `[${plan.vector.vector.join(',')}]` : null}::vector as qv
    ),
    fts as (${fts}),
    fts_r as (select id, score, row_number() over (order by score desc, id)::int as rnk from fts),
    vec as (${vec}),
    vec_r as (select id, sim, row_number() over (order by sim desc, id)::int as rnk from vec),
    ex as (${exact}),
    fused as (
      select ids.id, f.score as fts, f.rnk as fts_rank, v.sim, v.rnk as vec_rank, coalesce(e.level, 0) as level,
             (${fusedScore})::float8 as fused
      from (${members}) ids
      left join fts_r f on f.id = ids.id
      left join vec_r v on v.id = ids.id
      left join ex e on e.id = ids.id
    )
    ${neighbours},
    top as (
      select * from ranked
      where not (id = any((select excluded from p)::text[]))
      order by fused desc, fts_rank asc nulls last, vec_rank asc nulls last, id
      limit ${plan.limit}
    )
    select ${PASSAGE_COLUMNS}, c.page_label_start, c.page_label_end, c.topics,
           r.fts, r.fts_rank, r.sim, r.vec_rank, r.level as exact_level, r.fused
    from top r
    join chunks c on c.id = r.id
    join documents d on d.id = c.document_id
    order by r.fused desc, r.fts_rank asc nulls last, r.vec_rank asc nulls last, c.id`
}

function toPassage(row: Row): Passage {
  return {
    ...passageOfRow(row),
    pageLabelStart: row.page_label_start ?? null,
    pageLabelEnd: row.page_label_end ?? null,
    topics: Array.isArray(row.topics) ? row.topics.map(String) : [],
    scores: {
      fts: numberOrNull(row.fts),
      ftsRank: numberOrNull(row.fts_rank),
      vector: numberOrNull(row.sim),
      vectorRank: numberOrNull(row.vec_rank),
      exact: Number(row.exact_level) > 0,
      fused: Number(row.fused),
    },
  }
}

/**
 * Ranked passages for a question. `options.specBook` '2007'/'2025' filters by edition ('both' or absent:
 * the edition the question names, if any); `broad` is the retry strategy (more candidates, prefix matching,
 * weak vector candidates kept, neighbouring chunks added); `excludeChunkIds` are never returned.
 */
export async function retrieve(
  handle: DbHandle,
  query: string,
  options: RetrievalOptions = {},
  fusion: FusionConfig = DEFAULT_FUSION,
): Promise<RetrievalResult> {
  const started = performance.now()
  const mode = options.mode ?? 'fused'
  const broad = options.broad === true
  const vocabulary = await getVocabulary(handle)
  const analysis = analyzeQuery(query, vocabulary)
  const edition = options.specBook === '2007' || options.specBook === '2025' ? options.specBook : analysis.edition
  const vector = mode === 'fts' ? null : await questionVector(handle, analysis)
  const limit = Math.max(1, Math.min(MAX_LIMIT, Math.floor(options.limit ?? DEFAULT_LIMIT)))
  const plan: Plan = { analysis, mode, edition, broad, limit, exclude: options.excludeChunkIds ?? [], vector, fusion }
  const rows = rowsOf<Row>(await handle.db.execute(buildStatement(plan)))
  return { analysis, passages: rows.map(toPassage), mode, millis: performance.now() - started }
}

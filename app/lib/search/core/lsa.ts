/**
 * Latent semantic analysis: the embedded default embedding model, trained on our own corpus at ingest time.
 *
 * TF-IDF (sublinear tf, smooth idf, L2-normalised rows) over the tokens of `tokenize`, then a truncated SVD
 * by the randomized method of Halko, Martinsson and Tropp (2011): a Gaussian test matrix with oversampling,
 * power iterations orthonormalised by QR, and the eigendecomposition of the small B Bᵀ. The only
 * hand-written linear algebra is the sparse × dense product; dense QR, products and eigendecomposition come
 * from ml-matrix. See docs/decisions/001-lsa-embeddings.md.
 */
import { EigenvalueDecomposition, Matrix } from 'ml-matrix'
import { z } from 'zod'
import { TOKENIZER_VERSION, tokenize } from './tokenize'

export interface LsaOptions {
  /** Requested number of dimensions; the model gets min(dimensions, documents - 1, vocabulary). */
  dimensions?: number
  /** Drop terms found in fewer documents than this. */
  minDf?: number
  /** Keep at most this many terms, the most frequent by document frequency. */
  maxVocab?: number
  /** Seed of the Gaussian test matrix: the same documents and seed give the same model. */
  seed?: number
  /** How `embed` weighs the latent dimensions; see `LsaScaling`. */
  scaling?: LsaScaling
}

/**
 * 'none' (default): the embedding is Vᵀx, normalised. That is a text folded in as in LSI (Σ⁻¹Vᵀx) and then
 * compared the way Deerwester et al. compare documents, in the space scaled by Σ; for a training document it
 * is its row of UΣ (as sklearn's TruncatedSVD.transform and gensim's LSI give).
 * 'inverse-sigma': Σ⁻¹Vᵀx, normalised, i.e. rows of U: every dimension weighs the same, so the weak, noisy
 * ones count as much as the strong ones; on our corpus it ranked worse as k grew (docs/decisions/001).
 */
export type LsaScaling = 'none' | 'inverse-sigma'

export interface LsaModel {
  /** term → column index */
  vocabulary: Map<string, number>
  /** smooth idf per column */
  idf: Float64Array
  /** k rows of right singular vectors (term space), each as long as the vocabulary */
  components: Float32Array[]
  /** descending; the first `dimensions` singular values of the TF-IDF matrix */
  singularValues: number[]
  dimensions: number
  scaling: LsaScaling
}

const OVERSAMPLING = 10
const POWER_ITERATIONS = 2
/** Singular values below this fraction of the largest are numerical zeros: their dimension is left empty. */
const RELATIVE_TOLERANCE = 1e-7

// --- TF-IDF --------------------------------------------------------------------------------------------

interface Csr {
  rows: number
  cols: number
  rowPtr: Int32Array
  colIdx: Int32Array
  values: Float64Array
}

function countTerms(text: string): Map<string, number> {
  const counts = new Map<string, number>()
  for (const token of tokenize(text)) counts.set(token, (counts.get(token) ?? 0) + 1)
  return counts
}

function chooseVocabulary(counted: Map<string, number>[], minDf: number, maxVocab: number): Map<string, number> {
  const df = new Map<string, number>()
  for (const counts of counted) for (const term of counts.keys()) df.set(term, (df.get(term) ?? 0) + 1)
  const kept = [...df.entries()]
    .filter(([, d]) => d >= minDf)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, maxVocab)
    .map(([term]) => term)
    .sort()
  return new Map(kept.map((term, index) => [term, index]))
}

function smoothIdf(counted: Map<string, number>[], vocabulary: Map<string, number>): Float64Array {
  const df = new Float64Array(vocabulary.size)
  for (const counts of counted) {
    for (const term of counts.keys()) {
      const j = vocabulary.get(term)
      if (j !== undefined) df[j]! += 1
    }
  }
  const n = counted.length
  return df.map((d) => Math.log((1 + n) / (1 + d)) + 1)
}

/** Sparse TF-IDF weights of one text, sorted by column, not normalised. */
function weigh(counts: Map<string, number>, vocabulary: Map<string, number>, idf: Float64Array) {
  const entries: [number, number][] = []
  for (const [term, tf] of counts) {
    const j = vocabulary.get(term)
    if (j !== undefined) entries.push([j, (1 + Math.log(tf)) * idf[j]!])
  }
  return entries.sort((a, b) => a[0] - b[0])
}

function buildCsr(counted: Map<string, number>[], vocabulary: Map<string, number>, idf: Float64Array): Csr {
  const rowPtr = new Int32Array(counted.length + 1)
  const colIdx: number[] = []
  const values: number[] = []
  counted.forEach((counts, i) => {
    const entries = weigh(counts, vocabulary, idf)
    const norm = Math.sqrt(entries.reduce((sum, [, w]) => sum + w * w, 0))
    for (const [j, w] of entries) {
      colIdx.push(j)
      values.push(w / norm)
    }
    rowPtr[i + 1] = colIdx.length
  })
  return {
    rows: counted.length,
    cols: vocabulary.size,
    rowPtr,
    colIdx: Int32Array.from(colIdx),
    values: Float64Array.from(values),
  }
}

// --- sparse × dense (the hand-written part) ------------------------------------------------------------

type Dense = Float64Array[]

/** A X, where X has A.cols rows. */
function sparseTimesDense(a: Csr, x: Dense): Dense {
  const width = x[0]?.length ?? 0
  const out: Dense = []
  for (let i = 0; i < a.rows; i++) {
    const row = new Float64Array(width)
    for (let p = a.rowPtr[i]!; p < a.rowPtr[i + 1]!; p++) {
      const v = a.values[p]!
      const xr = x[a.colIdx[p]!]!
      for (let c = 0; c < width; c++) row[c]! += v * xr[c]!
    }
    out.push(row)
  }
  return out
}

/** Aᵀ Y, where Y has A.rows rows. */
function sparseTransposeTimesDense(a: Csr, y: Dense): Dense {
  const width = y[0]?.length ?? 0
  const out: Dense = Array.from({ length: a.cols }, () => new Float64Array(width))
  for (let i = 0; i < a.rows; i++) {
    const yr = y[i]!
    for (let p = a.rowPtr[i]!; p < a.rowPtr[i + 1]!; p++) {
      const v = a.values[p]!
      const row = out[a.colIdx[p]!]!
      for (let c = 0; c < width; c++) row[c]! += v * yr[c]!
    }
  }
  return out
}

// --- dense steps through ml-matrix ---------------------------------------------------------------------

function toMatrix(d: Dense): Matrix {
  return new Matrix(d)
}

function toDense(m: Matrix): Dense {
  return Array.from({ length: m.rows }, (_, i) => Float64Array.from(m.getRow(i)))
}

/** √(a² + b²) without overflow, exactly as ml-matrix computes it for its QR. */
function hypotenuse(a: number, b: number): number {
  if (Math.abs(a) > Math.abs(b)) {
    const r = b / a
    return Math.abs(a) * Math.sqrt(1 + r * r)
  }
  if (b !== 0) {
    const r = a / b
    return Math.abs(b) * Math.sqrt(1 + r * r)
  }
  return 0
}

/**
 * An orthonormal basis of the columns of a p × l matrix (l ≤ p): the thin Q of a Householder QR. These are
 * the steps of ml-matrix's QrDecomposition and its orthogonalMatrix (JAMA's), in the same order, so the
 * result is the same to the last bit; but here each column is one contiguous array. ml-matrix keeps rows
 * and walks each column through get/set, which made the three QRs of a training about 60% of it (2.9 of
 * 4.7 s on the bundled corpus); here they take a few milliseconds.
 */
export function orthonormalise(d: Dense): Dense {
  const m = d.length
  const n = d[0]?.length ?? 0
  // qr[k] is column k: below the diagonal the Householder vectors, as in ml-matrix.
  const qr = Array.from({ length: n }, () => new Float64Array(m))
  for (let i = 0; i < m; i++) {
    const row = d[i]!
    for (let k = 0; k < n; k++) qr[k]![i] = row[k]!
  }
  for (let k = 0; k < n; k++) {
    const vk = qr[k]!
    let nrm = 0
    for (let i = k; i < m; i++) nrm = hypotenuse(nrm, vk[i]!)
    if (nrm === 0) continue
    if (vk[k]! < 0) nrm = -nrm
    for (let i = k; i < m; i++) vk[i]! /= nrm
    vk[k]! += 1
    for (let j = k + 1; j < n; j++) reflect(vk, qr[j]!, k, m)
  }
  // Q = H₀ H₁ … applied to the first n columns of the identity, last reflection first.
  const q = Array.from({ length: n }, () => new Float64Array(m))
  for (let k = n - 1; k >= 0; k--) {
    const vk = qr[k]!
    q[k]![k] = 1
    if (vk[k] === 0) continue
    for (let j = k; j < n; j++) reflect(vk, q[j]!, k, m)
  }
  const rows = Array.from({ length: m }, () => new Float64Array(n))
  for (let j = 0; j < n; j++) {
    const column = q[j]!
    for (let i = 0; i < m; i++) rows[i]![j] = column[i]!
  }
  return rows
}

/** Applies the Householder reflection stored in `v` (rows k to m) to the column `x`, in place. */
function reflect(v: Float64Array, x: Float64Array, k: number, m: number): void {
  let s = 0
  for (let i = k; i < m; i++) s += v[i]! * x[i]!
  s = -s / v[k]!
  for (let i = k; i < m; i++) x[i]! += s * v[i]!
}

/** mulberry32: a small, fast, seedable PRNG. */
function mulberry32(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function gaussianMatrix(rows: number, cols: number, seed: number): Dense {
  const random = mulberry32(seed)
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
  return Array.from({ length: rows }, () => Float64Array.from({ length: cols }, gaussian))
}

/**
 * Top `k` singular values and right singular vectors of A (n × m) by randomized subspace iteration.
 * ml-matrix's QR is slow on tall matrices (it walks columns), so the orthonormal bases live in the smaller
 * of the two spaces: M = A when there are fewer documents than terms, M = Aᵀ otherwise (p × r, p ≤ r).
 * Range finder: Q = orth(M Ω), then `POWER_ITERATIONS` times Q = orth(M Mᵀ Q). The small problem:
 * B = Qᵀ M, B Bᵀ = Qᵀ M Mᵀ Q = W Λ Wᵀ gives σ = √λ, the left singular vectors of M as Q W and the right ones
 * as Mᵀ Q W Σ⁻¹. The right singular vectors of A are the right ones of M = A, or the left ones of M = Aᵀ.
 */
function randomizedSvd(a: Csr, k: number, seed: number): { sigma: number[]; v: Float32Array[] } {
  const byDocuments = a.rows <= a.cols
  const times = (x: Dense) => (byDocuments ? sparseTimesDense(a, x) : sparseTransposeTimesDense(a, x))
  const timesTransposed = (y: Dense) => (byDocuments ? sparseTransposeTimesDense(a, y) : sparseTimesDense(a, y))
  const [p, r] = byDocuments ? [a.rows, a.cols] : [a.cols, a.rows]
  const l = Math.min(k + OVERSAMPLING, p, r)

  let q = orthonormalise(times(gaussianMatrix(r, l, seed)))
  for (let it = 0; it < POWER_ITERATIONS; it++) q = orthonormalise(times(timesTransposed(q)))
  const qm = toMatrix(q)
  const product = qm.transpose().mmul(toMatrix(times(timesTransposed(q))))
  const gram = product.add(product.transpose()).mul(0.5) // symmetric up to rounding; make it exactly so

  const eig = new EigenvalueDecomposition(gram, { assumeSymmetric: true })
  const lambda = eig.realEigenvalues
  const top = lambda.map((_, i) => i).sort((i, j) => lambda[j]! - lambda[i]!).slice(0, k)
  const sigma = top.map((i) => Math.sqrt(Math.max(0, lambda[i]!)))
  const w = eig.eigenvectorMatrix
  const wk = new Matrix(l, k)
  top.forEach((col, c) => {
    for (let row = 0; row < l; row++) wk.set(row, c, w.get(row, col))
  })
  const left = qm.mmul(wk) // p × k
  // m × k; when M = A its column c is still scaled by σ_c
  const terms = byDocuments ? sparseTransposeTimesDense(a, toDense(left)) : toDense(left)

  const floor = (sigma[0] ?? 0) * RELATIVE_TOLERANCE
  const v = sigma.map((s, c) => {
    const component = new Float32Array(a.cols)
    if (s <= floor || s === 0) return component
    const scale = byDocuments ? 1 / s : 1
    let largest = 0
    for (let j = 0; j < a.cols; j++) {
      const value = terms[j]![c]! * scale
      component[j] = value
      if (Math.abs(value) > Math.abs(largest)) largest = value
    }
    // Fix the sign so that the largest entry is positive: the model does not depend on the SVD's signs.
    if (largest < 0) for (let j = 0; j < a.cols; j++) component[j] = -component[j]!
    return component
  })
  return { sigma, v }
}

// --- training and embedding ----------------------------------------------------------------------------

export function trainLsa(documents: string[], options: LsaOptions = {}): LsaModel {
  const { dimensions = 128, minDf = 1, maxVocab = 20_000, seed = 1, scaling = 'none' } = options
  const counted = documents.map(countTerms)
  const vocabulary = chooseVocabulary(counted, minDf, maxVocab)
  const k = Math.min(Math.floor(dimensions), documents.length - 1, vocabulary.size)
  if (k < 1) {
    throw new RangeError(
      `LSA needs at least two documents and one indexed term (got ${documents.length} documents, ${vocabulary.size} terms)`,
    )
  }
  const idf = smoothIdf(counted, vocabulary)
  const { sigma, v } = randomizedSvd(buildCsr(counted, vocabulary, idf), k, seed)
  return { vocabulary, idf, components: v, singularValues: sigma, dimensions: k, scaling }
}

/**
 * The embedding of a text: its TF-IDF vector x projected into the latent space (Vᵀx, or Σ⁻¹Vᵀx with
 * `scaling: 'inverse-sigma'`) and L2-normalised, `model.dimensions` long. A text with no term in the vocabulary gives the zero vector, which
 * has no direction: callers must treat it as "no vector evidence" (skip the vector half of the search rather
 * than rank by it; a cosine distance against it is undefined).
 */
export function embed(model: LsaModel, text: string): number[] {
  const entries = weigh(countTerms(text), model.vocabulary, model.idf)
  const k = model.dimensions
  const out = new Array<number>(k).fill(0)
  if (entries.length === 0) return out
  // No need to normalise the TF-IDF vector: the projection is linear and its result is normalised.
  const rows = termMajor(model)
  for (const [j, w] of entries) {
    const base = j * k
    for (let c = 0; c < k; c++) out[c]! += w * rows[base + c]!
  }
  const norm = Math.sqrt(out.reduce((total, x) => total + x * x, 0))
  return norm > 1e-12 ? out.map((x) => x / norm) : out.fill(0)
}

const termMajorCache = new WeakMap<LsaModel, Float32Array>()

/**
 * The components transposed (and scaled), one row of `dimensions` values per term, built once per model:
 * projecting a text reads a few hundred contiguous bytes per term instead of one scattered value in each of
 * the k components. A dimension whose singular value is a numerical zero has an all-zero component (see
 * randomizedSvd), so dividing by it is never needed.
 */
function termMajor(model: LsaModel): Float32Array {
  let rows = termMajorCache.get(model)
  if (rows) return rows
  const k = model.dimensions
  rows = new Float32Array(model.vocabulary.size * k)
  model.components.forEach((component, c) => {
    const s = model.singularValues[c]!
    if (s === 0) return
    const scale = model.scaling === 'inverse-sigma' ? 1 / s : 1
    for (let j = 0; j < component.length; j++) rows[j * k + c] = component[j]! * scale
  })
  termMajorCache.set(model, rows)
  return rows
}

export function isZeroVector(vector: readonly number[]): boolean {
  return vector.every((x) => x === 0)
}

// --- serialisation -------------------------------------------------------------------------------------

export const LSA_FORMAT = 'lsa-tfidf'
export const LSA_FORMAT_VERSION = 1

const serializedSchema = z.object({
  format: z.literal(LSA_FORMAT),
  version: z.literal(LSA_FORMAT_VERSION),
  tokenizer: z.number().int(),
  dimensions: z.number().int().positive(),
  scaling: z.enum(['none', 'inverse-sigma']),
  terms: z.array(z.string()),
  idf: z.array(z.number()),
  singularValues: z.array(z.number()),
  /** base64 of the components as little-endian float32, row after row (dimensions × terms) */
  components: z.string(),
})

/** A plain JSON-safe object (for a jsonb column, or JSON.stringify it for a text column). */
export type SerializedLsaModel = z.infer<typeof serializedSchema>

// Node's Buffer when there is one (the server and the ingest): the same base64 as btoa, and 2 instead of 115 ms
// for the bundled corpus's model. btoa and atob elsewhere.
const nodeBuffer = () => (globalThis as { Buffer?: typeof Buffer }).Buffer

function toBase64(bytes: Uint8Array): string {
  const NodeBuffer = nodeBuffer()
  if (NodeBuffer) return NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')
  let binary = ''
  const chunk = 0x8000
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk))
  return btoa(binary)
}

function fromBase64(text: string): Uint8Array {
  const NodeBuffer = nodeBuffer()
  if (NodeBuffer) return NodeBuffer.from(text, 'base64')
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

export function serializeLsa(model: LsaModel): SerializedLsaModel {
  const terms = new Array<string>(model.vocabulary.size)
  for (const [term, j] of model.vocabulary) terms[j] = term
  const m = terms.length
  const view = new DataView(new ArrayBuffer(model.dimensions * m * 4))
  model.components.forEach((row, c) => {
    for (let j = 0; j < m; j++) view.setFloat32((c * m + j) * 4, row[j]!, true)
  })
  return {
    format: LSA_FORMAT,
    version: LSA_FORMAT_VERSION,
    tokenizer: TOKENIZER_VERSION,
    dimensions: model.dimensions,
    scaling: model.scaling,
    terms,
    idf: Array.from(model.idf),
    singularValues: [...model.singularValues],
    components: toBase64(new Uint8Array(view.buffer)),
  }
}

/** Accepts what `serializeLsa` returned, or that object as JSON text. Throws on anything else. */
export function deserializeLsa(input: unknown): LsaModel {
  const data = serializedSchema.parse(typeof input === 'string' ? JSON.parse(input) : input)
  if (data.tokenizer !== TOKENIZER_VERSION) {
    throw new Error(
      `The stored LSA model was built with tokenizer version ${data.tokenizer}, this build uses ${TOKENIZER_VERSION}: re-run the ingest`,
    )
  }
  const m = data.terms.length
  const bytes = fromBase64(data.components)
  if (data.idf.length !== m || data.singularValues.length !== data.dimensions || bytes.length !== data.dimensions * m * 4) {
    throw new Error('The stored LSA model is inconsistent: its sizes do not match')
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const components = Array.from({ length: data.dimensions }, (_, c) =>
    Float32Array.from({ length: m }, (_, j) => view.getFloat32((c * m + j) * 4, true)),
  )
  return {
    vocabulary: new Map(data.terms.map((term, j) => [term, j])),
    idf: Float64Array.from(data.idf),
    components,
    singularValues: data.singularValues,
    dimensions: data.dimensions,
    scaling: data.scaling,
  }
}

import { Matrix, QrDecomposition, SingularValueDecomposition } from 'ml-matrix'
import { describe, expect, it, vi } from 'vitest'
import { deserializeLsa, embed, isZeroVector, type LsaModel, orthonormalise, serializeLsa, trainLsa } from './lsa'
import { tokenize } from './tokenize'

const cosine = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * b[i]!, 0)

const ASPHALT = [
  'Asphalt paving: breakdown rollers compact the mat behind the paver; watch the joints and mat temperature.',
  'HMA is hot mix asphalt. The density of the asphalt mat is checked with cores.',
  'Cut cores from the HMA mat to verify asphalt density and thickness.',
  'Hot mix asphalt temperature at the paver and the roller pattern for asphalt compaction.',
  'HMA lot acceptance: asphalt density cores, nuclear gauge readings and roller passes on the mat.',
]
const CONCRETE = [
  'Concrete cylinders are cast from the truck for compressive strength tests.',
  'Cure concrete cylinders in the lab and break them at 28 days for compressive strength.',
  'PCC slump and air content tests on fresh concrete before placing it in the forms.',
  'When cylinders fail, drill cores from the hardened concrete to check its strength.',
  'Concrete truck tickets record the batch time, water added and cylinders cast.',
]
const GUARDRAIL = [
  'Guardrail posts are driven at 6 ft 3 in spacing along the W-beam rail.',
  'Check guardrail post embedment, blockouts and rail height.',
  'Guardrail end terminals follow the manufacturer drawings; check post spacing at the terminal.',
  'Steel guardrail posts with wood blockouts; rail splices lap in the direction of traffic.',
]
const SEEDING = [
  'Seeding: spread seed, fertilizer and lime on the prepared slopes, then mulch.',
  'Temporary seeding and mulch protect bare slopes from erosion.',
  'Permanent grass seeding rates, fertilizer and lime by season.',
  'Water the seeded slopes and check the grass cover before final acceptance.',
]
const CORPUS = [...ASPHALT, ...CONCRETE, ...GUARDRAIL, ...SEEDING]
const isAsphalt = (i: number) => i < ASPHALT.length

function ranked(model: LsaModel, query: string): number[] {
  const q = embed(model, query)
  const vectors = CORPUS.map((d) => embed(model, d))
  return vectors
    .map((v, i) => ({ i, score: cosine(q, v) }))
    .sort((a, b) => b.score - a.score)
    .map(({ i }) => i)
}

describe('trainLsa and embed', () => {
  const model = trainLsa(CORPUS, { dimensions: 4, seed: 7 })

  it('puts "hot mix density cores" nearest the asphalt documents, even one sharing no word with it', () => {
    const query = 'hot mix density cores'
    const target = 0
    const shared = tokenize(query).filter((t) => tokenize(CORPUS[target]!).includes(t))
    expect(shared).toEqual([]) // so full-text search cannot find it

    const order = ranked(model, query)
    expect(order.slice(0, ASPHALT.length).every(isAsphalt)).toBe(true)
    const q = embed(model, query)
    const targetScore = cosine(q, embed(model, CORPUS[target]!))
    CORPUS.forEach((doc, i) => {
      if (!isAsphalt(i)) expect(targetScore).toBeGreaterThan(cosine(q, embed(model, doc)))
    })
    // The concrete document about cores shares a word with the query yet ranks below the asphalt one.
    expect(tokenize(CONCRETE[3]!)).toContain('cor')
  })

  it('learns synonymy from co-occurrence: "hma" finds asphalt documents that never say hma', () => {
    const order = ranked(model, 'HMA')
    expect(order.slice(0, ASPHALT.length).every(isAsphalt)).toBe(true)
    expect(tokenize(ASPHALT[3]!)).not.toContain('hma')
  })

  it('returns unit vectors of the model dimension', () => {
    const v = embed(model, 'guardrail post spacing')
    expect(v).toHaveLength(4)
    expect(Math.hypot(...v)).toBeCloseTo(1, 10)
  })

  it('weighs the latent dimensions by their singular values unless told otherwise', () => {
    const inverse = trainLsa(CORPUS, { dimensions: 4, seed: 7, scaling: 'inverse-sigma' })
    expect(model.scaling).toBe('none')
    const text = 'guardrail post spacing'
    const plain = embed(model, text)
    const scaled = embed(inverse, text)
    // Same direction once each dimension is divided by its singular value.
    const unscaled = plain.map((x, c) => x / model.singularValues[c]!)
    const norm = Math.hypot(...unscaled)
    unscaled.forEach((x, c) => expect(scaled[c]).toBeCloseTo(x / norm, 6))
    expect(ranked(inverse, 'hot mix density cores').slice(0, 3).every(isAsphalt)).toBe(true)
  })

  it('gives the zero vector for text with no known term', () => {
    for (const text of ['xyzzy plugh', '', 'and the of']) {
      const v = embed(model, text)
      expect(v).toEqual([0, 0, 0, 0])
      expect(isZeroVector(v)).toBe(true)
    }
    expect(isZeroVector(embed(model, 'asphalt'))).toBe(false)
  })

  it('is deterministic for a seed', () => {
    const again = trainLsa(CORPUS, { dimensions: 4, seed: 7 })
    expect(again.singularValues).toEqual(model.singularValues)
    for (const text of CORPUS) expect(embed(again, text)).toEqual(embed(model, text))
  })

  it('has orthonormal components and descending singular values', () => {
    const full = trainLsa(CORPUS, { dimensions: 10, seed: 3 })
    for (let a = 0; a < full.dimensions; a++) {
      for (let b = 0; b < full.dimensions; b++) {
        const dot = full.components[a]!.reduce((sum, x, j) => sum + x * full.components[b]![j]!, 0)
        expect(dot).toBeCloseTo(a === b ? 1 : 0, 5)
      }
    }
    const sorted = [...full.singularValues].sort((x, y) => y - x)
    expect(full.singularValues).toEqual(sorted)
  })

  it('matches the exact SVD of the TF-IDF matrix', () => {
    const full = trainLsa(CORPUS, { dimensions: 12, seed: 11 })
    const exact = exactSingularValues(full, CORPUS)
    full.singularValues.forEach((s, i) => expect(s).toBeCloseTo(exact[i]!, 8))
  })
})

/** The TF-IDF rows rebuilt from a model's vocabulary and idf, independently of the training code. */
function exactSingularValues(model: LsaModel, documents: string[]): number[] {
  const rows = documents.map((doc) => {
    const row = new Array<number>(model.vocabulary.size).fill(0)
    const counts = new Map<string, number>()
    for (const t of tokenize(doc)) counts.set(t, (counts.get(t) ?? 0) + 1)
    for (const [t, tf] of counts) {
      const j = model.vocabulary.get(t)
      if (j !== undefined) row[j] = (1 + Math.log(tf)) * model.idf[j]!
    }
    const norm = Math.hypot(...row)
    return norm > 0 ? row.map((x) => x / norm) : row
  })
  return new SingularValueDecomposition(new Matrix(rows), { autoTranspose: true }).diagonal
}

function syntheticCorpus(documents: number, words: number, vocabulary: number, seed: number): string[] {
  let state = seed
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 4294967296
  }
  // Zipf-like draws (small indices far more often), each document leaning to one of ten topics.
  const zipf = (size: number) => Math.min(size - 1, Math.floor(Math.exp(random() * Math.log(size + 1)) - 1))
  return Array.from({ length: documents }, (_, d) =>
    Array.from({ length: words }, () =>
      random() < 0.5 ? `t${d % 10}w${zipf(vocabulary / 20)}` : `g${zipf(vocabulary / 2)}`,
    ).join(' '),
  )
}

describe('randomized SVD', () => {
  it.each([
    ['fewer documents than terms', syntheticCorpus(150, 60, 2000, 1)],
    ['more documents than terms', syntheticCorpus(400, 40, 200, 2)],
  ])('finds the leading singular values and orthonormal components with %s', (_, docs) => {
    const model = trainLsa(docs, { dimensions: 20, seed: 9 })
    const exact = exactSingularValues(model, docs)
    // The ten topics stand well above a flat floor of noise: their values are accurate, while the noise
    // directions beyond them are approximations, as expected of the randomized method on a flat spectrum.
    model.singularValues.slice(0, 10).forEach((s, i) => expect(Math.abs(s - exact[i]!) / exact[i]!).toBeLessThan(1e-3))
    model.singularValues.forEach((s, i) => expect(Math.abs(s - exact[i]!) / exact[i]!).toBeLessThan(0.1))
    for (let a = 0; a < model.dimensions; a++) {
      for (let b = a; b < model.dimensions; b++) {
        const dot = model.components[a]!.reduce((sum, x, j) => sum + x * model.components[b]![j]!, 0)
        expect(dot).toBeCloseTo(a === b ? 1 : 0, 3)
      }
    }
  })
})

describe('dimensions', () => {
  it('are min(requested, documents - 1, vocabulary)', () => {
    expect(trainLsa(CORPUS).dimensions).toBe(CORPUS.length - 1)
    expect(trainLsa(CORPUS, { dimensions: 3 }).dimensions).toBe(3)
    const twoTerms = Array.from({ length: 10 }, (_, i) => (i % 2 ? 'asphalt asphalt concrete' : 'concrete'))
    expect(trainLsa(twoTerms).dimensions).toBe(2)
  })

  it('leave a dimension empty rather than divide by a zero singular value', () => {
    // Two distinct documents, repeated: rank 2, but four dimensions are allowed.
    const docs = ['asphalt density cores', 'concrete cylinders', 'asphalt density cores', 'concrete cylinders', 'asphalt']
    const model = trainLsa(docs, { dimensions: 4 })
    expect(model.dimensions).toBe(4)
    const v = embed(model, 'asphalt cores')
    expect(v.every(Number.isFinite)).toBe(true)
    expect(Math.hypot(...v)).toBeCloseTo(1, 10)
  })

  it('need at least two documents and one term', () => {
    expect(() => trainLsa(['asphalt density'])).toThrow(RangeError)
    expect(() => trainLsa(['the', 'and of'])).toThrow(/one indexed term/)
  })

  it('honour minDf and maxVocab', () => {
    expect(trainLsa(CORPUS, { minDf: 2 }).vocabulary.has('breakdown')).toBe(false)
    const small = trainLsa(CORPUS, { maxVocab: 5 })
    expect(small.vocabulary.size).toBe(5)
    expect(small.vocabulary.has('asphalt')).toBe(true) // the most frequent terms stay
  })
})

describe('serializeLsa / deserializeLsa', () => {
  const model = trainLsa(CORPUS, { dimensions: 6, seed: 5 })

  it('round-trips through JSON text and gives identical embeddings', () => {
    const json = JSON.stringify(serializeLsa(model))
    const restored = deserializeLsa(JSON.parse(json))
    expect(restored.dimensions).toBe(6)
    expect(restored.scaling).toBe('none')
    const inverse = trainLsa(CORPUS, { dimensions: 6, seed: 5, scaling: 'inverse-sigma' })
    expect(deserializeLsa(serializeLsa(inverse)).scaling).toBe('inverse-sigma')
    expect(restored.singularValues).toEqual(model.singularValues)
    expect([...restored.vocabulary]).toEqual([...model.vocabulary])
    for (const text of [...CORPUS, 'hot mix density cores']) expect(embed(restored, text)).toEqual(embed(model, text))
    expect(deserializeLsa(json).dimensions).toBe(6)
  })

  it("writes the same base64 with and without Node's Buffer (a browser has only btoa and atob)", () => {
    const withBuffer = serializeLsa(model)
    vi.stubGlobal('Buffer', undefined)
    try {
      const withoutBuffer = serializeLsa(model)
      expect(withoutBuffer.components).toBe(withBuffer.components)
      expect(embed(deserializeLsa(withBuffer), 'hot mix density cores')).toEqual(embed(model, 'hot mix density cores'))
    } finally {
      vi.unstubAllGlobals()
    }
    expect(embed(deserializeLsa(withBuffer), 'concrete cylinders')).toEqual(embed(model, 'concrete cylinders'))
  })

  it('rejects other data and inconsistent sizes', () => {
    expect(() => deserializeLsa({ format: 'other' })).toThrow()
    const stored = serializeLsa(model)
    expect(() => deserializeLsa({ ...stored, terms: stored.terms.slice(1) })).toThrow(/inconsistent/)
    expect(() => deserializeLsa({ ...stored, tokenizer: 999 })).toThrow(/re-run the ingest/)
  })
})

describe('performance', () => {
  it('trains on 3,000 documents of 150 words with 128 dimensions', { timeout: 300_000 }, () => {
    const docs = syntheticCorpus(3000, 150, 16000, 12345)
    const topicOf = docs.map((_, d) => d % 10)

    const started = performance.now()
    const model = trainLsa(docs, { dimensions: 128 })
    const trainMs = performance.now() - started
    const embedStarted = performance.now()
    const vectors = docs.map((d) => embed(model, d))
    const embedMs = performance.now() - embedStarted
    console.log(
      `LSA: 3,000 documents × 150 words, ${model.vocabulary.size} terms, ${model.dimensions} dimensions: ` +
        `trained in ${(trainMs / 1000).toFixed(2)} s; embedded all in ${(embedMs / 1000).toFixed(2)} s; ` +
        `model ${(JSON.stringify(serializeLsa(model)).length / 1e6).toFixed(1)} MB as JSON`,
    )
    expect(model.dimensions).toBe(128)

    // Sanity: a document's nearest neighbour is nearly always from its own topic.
    let same = 0
    for (let d = 0; d < 100; d++) {
      let best = -1
      let bestScore = -Infinity
      vectors.forEach((v, e) => {
        const score = e === d ? -Infinity : cosine(vectors[d]!, v)
        if (score > bestScore) [best, bestScore] = [e, score]
      })
      if (topicOf[best] === topicOf[d]) same++
    }
    expect(same).toBeGreaterThanOrEqual(90)
  })
})

describe('orthonormalise', () => {
  it("gives exactly ml-matrix's Householder Q, also for a rank-deficient matrix", () => {
    let seed = 42
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) - 0.5
    const tall = Array.from({ length: 300 }, () => Float64Array.from({ length: 40 }, random))
    // Column 7 repeats column 3 and column 9 is zero: the QR must not divide by a vanished norm.
    for (const row of tall) [row[7], row[9]] = [row[3]!, 0]
    for (const matrix of [tall, tall.slice(0, 40)]) {
      const expected = new QrDecomposition(new Matrix(matrix)).orthogonalMatrix.to2DArray()
      expect(orthonormalise(matrix).map((row) => Array.from(row))).toEqual(expected)
    }
  })
})

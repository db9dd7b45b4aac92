/**
 * The app's routes as the route files declare them (Remix flat routes in app/routes), with the input
 * names each route and the modules it imports read: the hostile-input test walks this list, so a new
 * route or a new field is covered without editing the test.
 */
import fs from 'node:fs'
import path from 'node:path'

export interface RouteInfo {
  /** The route file, relative to the project root. */
  file: string
  /** URL path with `:param` placeholders (`/history/:id`) and `*` for a splat. */
  pattern: string
  index: boolean
  hasLoader: boolean
  hasAction: boolean
  /** Query-string names the route's code reads. */
  queryNames: string[]
  /** Body field names (zod object keys, form.get names, input names) the route's code reads. */
  fieldNames: string[]
  /** Values the code compares an `intent` or `action` field with (`intent === 'delete'`, `z.enum([...])`). */
  intents: string[]
}

/** `ar-inspection.submissions_.$id_.pdf` → `/ar-inspection/submissions/:id/pdf`; `[.]` escapes a dot. */
export function routePattern(name: string): { pattern: string; index: boolean } {
  const segments: string[] = []
  let current = ''
  let escaped = false
  for (const ch of name) {
    if (ch === '[') escaped = true
    else if (ch === ']') escaped = false
    else if (ch === '.' && !escaped) {
      segments.push(current)
      current = ''
    } else current += ch
  }
  segments.push(current)
  let index = false
  const parts: string[] = []
  for (let segment of segments) {
    if (segment === '_index') {
      index = true
      continue
    }
    if (segment.startsWith('_')) continue // pathless layout
    if (segment.endsWith('_')) segment = segment.slice(0, -1) // not nested in the parent's layout
    if (segment === '$') parts.push('*')
    else if (segment.startsWith('$')) parts.push(`:${segment.slice(1)}`)
    else parts.push(segment)
  }
  return { pattern: `/${parts.join('/')}`, index }
}

const QUERY_NAME = /searchParams\.get\(\s*['"]([\w.-]+)['"]/g
const PARAMS_GET = /\bparams\.get\(\s*['"]([\w.-]+)['"]/g
const FIELD_PATTERNS = [
  /\b(?:form|formData|fields|data|body)\.get\(\s*['"]([\w.-]+)['"]/g,
  // Helpers that read one field: formText(form, 'topic'), field('intent').
  /\b\w+\(\s*(?:form|formData)\s*,\s*['"]([\w.-]+)['"]/g,
  /\bfield\(\s*['"]([\w.-]+)['"]/g,
  /^\s*['"]?([A-Za-z][\w]*)['"]?\s*:\s*(?:z\s*\.|[a-z]\w*\()/gm,
  /\b(?:jsonToFormRequest|pick)\([^)]*\[([^\]]*)\]/g,
  /\bname=["']([A-Za-z][\w.-]*)["']/g,
  /\bname:\s*['"]([A-Za-z][\w.-]*)['"]/g,
]
const INTENT_PATTERNS = [
  /\b(?:intent|action)['"]?\)?\s*[!=]==?\s*['"]([\w-]+)['"]/g,
  /\bintent['"]\)\s*[!=]==?\s*['"]([\w-]+)['"]/g,
  /\b(?:intent|action):\s*z\s*\.\s*enum\(\s*\[([^\]]*)\]/g,
  /\b(?:intent|action):\s*z\s*\.\s*literal\(\s*['"]([\w-]+)['"]/g,
]
const IMPORT = /from\s+['"]((?:~\/|\.{1,2}\/)[^'"]+)['"]/g

function resolveImport(root: string, fromFile: string, spec: string): string | undefined {
  const base = spec.startsWith('~/') ? path.join(root, 'app', spec.slice(2)) : path.resolve(path.dirname(fromFile), spec)
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate
  }
  return undefined
}

/**
 * The text of a file and of the app modules it imports, `depth` levels down, nearest first (breadth
 * first), so names the route itself reads come before those of modules further away.
 */
function sourcesOf(root: string, file: string, depth: number): string[] {
  const seen = new Set<string>([file])
  let level = [file]
  const texts: string[] = []
  for (let d = 0; d <= depth && level.length > 0; d++) {
    const next: string[] = []
    for (const current of level) {
      const text = fs.readFileSync(current, 'utf8')
      texts.push(text)
      for (const match of text.matchAll(IMPORT)) {
        const target = match[1] ? resolveImport(root, current, match[1]) : undefined
        // Components (.tsx) hold UI, not request parsing; the database layer holds no input names.
        if (!target || seen.has(target) || target.endsWith('.tsx') || target.includes(`${path.sep}db${path.sep}`)) continue
        seen.add(target)
        next.push(target)
      }
    }
    level = next
  }
  return texts
}

function collect(texts: string[], patterns: RegExp[]): string[] {
  const names = new Set<string>()
  for (const text of texts) {
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) {
        const captured = match[1] ?? ''
        // A captured list of quoted names (`['firstName', 'email']`) gives each name.
        for (const name of captured.includes("'") || captured.includes('"') ? (captured.match(/[\w.-]+/g) ?? []) : [captured]) if (name) names.add(name)
      }
    }
  }
  return [...names]
}

export function discoverRoutes(root: string): RouteInfo[] {
  const dir = path.join(root, 'app', 'routes')
  const routes: RouteInfo[] = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    let file: string
    let name: string
    if (entry.isDirectory()) {
      const inner = ['route.ts', 'route.tsx'].map((f) => path.join(dir, entry.name, f)).find((f) => fs.existsSync(f))
      if (!inner) continue
      file = inner
      name = entry.name
    } else {
      if (!/\.(ts|tsx)$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue
      file = path.join(dir, entry.name)
      name = entry.name.replace(/\.(ts|tsx)$/, '')
    }
    const text = fs.readFileSync(file, 'utf8')
    const exported = (fn: string) => new RegExp(`export\\s+(async\\s+)?(function|const|let)\\s+${fn}\\b|export\\s*\\{[^}]*\\b${fn}\\b`).test(text)
    const texts = sourcesOf(root, file, 2)
    const { pattern, index } = routePattern(name)
    routes.push({
      file: path.relative(root, file),
      pattern,
      index,
      hasLoader: exported('loader'),
      hasAction: exported('action'),
      queryNames: collect(texts, [QUERY_NAME, PARAMS_GET]),
      fieldNames: collect(texts, FIELD_PATTERNS),
      intents: collect(texts, INTENT_PATTERNS),
    })
  }
  return routes.sort((a, b) => a.pattern.localeCompare(b.pattern))
}

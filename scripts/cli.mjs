// `npm run ingest` and `npm run admin`: runs the command-line tool's build (<build>/cli/<name>.mjs, made
// by `npm run build`; scripts/build-cli.mjs). When the build is missing or older than the sources, it is
// made first (a few seconds; the build's tools must be installed). Plain JavaScript starts in about half
// the time TypeScript's loader needs, and needs nothing a pruned production install lacks.
//
//   node scripts/cli.mjs <ingest|admin> [arguments...]
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { buildIsStale } from './build-state.mjs'
import { buildCli, CLI_SOURCES, cliDir } from './build-cli.mjs'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const TOOLS = ['ingest', 'admin']

const [name, ...args] = process.argv.slice(2)
if (!TOOLS.includes(name)) {
  process.stderr.write(`Usage: node scripts/cli.mjs <${TOOLS.join('|')}> [arguments...]\n`)
  process.exit(2)
}

const dir = cliDir()
const stamp = path.relative(ROOT, path.join(dir, `${name}.mjs`))
if (buildIsStale(ROOT, stamp, CLI_SOURCES)) {
  try {
    await import('vite')
  } catch {
    process.stderr.write(`The ${name} tool's build (${stamp}) is missing or older than the sources, and the build tools are not installed: run \`npm run build\` first.\n`)
    process.exit(1)
  }
  process.stderr.write(`Building the command-line tools (${path.relative(ROOT, dir)})...\n`)
  await buildCli()
}

const { main } = await import(pathToFileURL(path.join(dir, `${name}.mjs`)).href)
// Exit with the tool's code even if a handle (a database thread, a keep-alive socket) is still open.
process.exit(await main(args))

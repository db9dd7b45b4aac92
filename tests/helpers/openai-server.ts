/**
 * A small OpenAI-compatible chat server for tests, on 127.0.0.1 (no traffic leaves the machine).
 *
 * It speaks `POST /v1/chat/completions` (and `/chat/completions`): each request is recorded (headers and
 * JSON body) and passed to the test's `respond` function, which returns what the "model" says as a plain
 * object. The server wraps it in the structured form the request asked for:
 * - `response_format.type === 'json_schema'` or `'json_object'`: the object as JSON message content;
 * - `tools` with `tool_choice`: a tool call of the requested function with the object as its arguments;
 * - otherwise: the object as JSON content.
 * `respond` may instead return `{ status, body }` for an HTTP error, or `{ delayMs, reply }` to answer late.
 */
import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export interface RecordedRequest {
  path: string
  headers: http.IncomingHttpHeaders
  body: ChatRequestBody
}

export interface ChatRequestBody {
  model: string
  messages: Array<{ role: string; content: unknown }>
  response_format?: { type: string; json_schema?: { name: string; schema: unknown } }
  tools?: Array<{ type: string; function: { name: string; parameters: unknown } }>
  tool_choice?: unknown
  [key: string]: unknown
}

export type Respond = (
  body: ChatRequestBody,
) =>
  | Record<string, unknown>
  | { status: number; body: string }
  | { delayMs: number; reply: Record<string, unknown> }
  | Promise<Record<string, unknown>>

export interface OpenAiTestServer {
  /** Base URL to use as OPENAI_BASE_URL ('http://127.0.0.1:<port>/v1'). */
  baseURL: string
  requests: RecordedRequest[]
  setRespond(respond: Respond): void
  close(): Promise<void>
}

/** The text of the last user message of a request (the prompt with the numbered passages). */
export function userPrompt(body: ChatRequestBody): string {
  const user = [...body.messages].reverse().find((message) => message.role === 'user')
  if (!user) return ''
  if (typeof user.content === 'string') return user.content
  if (Array.isArray(user.content)) {
    return user.content.map((part: { text?: string }) => (typeof part?.text === 'string' ? part.text : '')).join('')
  }
  return ''
}

function completion(body: ChatRequestBody, reply: Record<string, unknown>) {
  const json = JSON.stringify(reply)
  const tool = body.tools?.[0]?.function.name
  const useTool = tool !== undefined && body.response_format === undefined
  const message = useTool
    ? { role: 'assistant', content: null, tool_calls: [{ id: 'call_test_1', type: 'function', function: { name: tool, arguments: json } }] }
    : { role: 'assistant', content: json }
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: body.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: useTool ? 'tool_calls' : 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  }
}

export async function startOpenAiTestServer(initial?: Respond): Promise<OpenAiTestServer> {
  let respond: Respond = initial ?? (() => ({ answer: "I don't know", citations: [], tips: [] }))
  const requests: RecordedRequest[] = []
  const sockets = new Set<Socket>()

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      void (async () => {
        const path = req.url ?? ''
        if (req.method !== 'POST' || !/\/chat\/completions$/.test(path)) {
          res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }))
          return
        }
        let body: ChatRequestBody
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequestBody
        } catch {
          res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'bad json' } }))
          return
        }
        requests.push({ path, headers: req.headers, body })
        const outcome = await respond(body)
        if ('status' in outcome && typeof outcome.status === 'number' && typeof outcome.body === 'string') {
          res.writeHead(outcome.status, { 'content-type': 'application/json' }).end(outcome.body)
          return
        }
        let reply = outcome as Record<string, unknown>
        if ('delayMs' in outcome && typeof outcome.delayMs === 'number') {
          await new Promise((resolve) => setTimeout(resolve, outcome.delayMs as number))
          reply = outcome.reply as Record<string, unknown>
          if (res.destroyed || req.destroyed) return
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion(body, reply)))
      })()
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    setRespond(next) {
      respond = next
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

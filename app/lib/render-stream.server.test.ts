import { describe, expect, it } from 'vitest'
import { RenderStream } from './render-stream.server'

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

describe('RenderStream', () => {
  it('passes what one turn writes on as one chunk, and each later turn as its own', async () => {
    const stream = new RenderStream()
    const chunks: string[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()))
    stream.write('<html>')
    stream.write('<body>')
    stream.write('shell')
    await nextTurn()
    await nextTurn()
    expect(chunks).toEqual(['<html><body>shell'])
    // A Suspense boundary resolved later: its pass goes out on its own, not held for the end.
    stream.write('<template>late</template>')
    await nextTurn()
    await nextTurn()
    expect(chunks).toEqual(['<html><body>shell', '<template>late</template>'])
  })

  it('sends what is still held when the render ends', async () => {
    const stream = new RenderStream()
    const chunks: string[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()))
    const ended = new Promise((resolve) => stream.on('end', resolve))
    stream.write('a')
    stream.end('b')
    await ended
    expect(chunks.join('')).toBe('ab')
  })
})

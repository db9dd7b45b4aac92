import { Transform, type TransformCallback } from 'node:stream'

/**
 * The stream a page's HTML goes out through. React writes a render pass as many small chunks (about
 * 2 KB each), and Remix hands each chunk to the response and flushes it: behind compression that is a
 * deflate flush and a socket write per chunk, which cost more CPU than rendering the page's shell did.
 * This stream gathers what a pass writes in one turn of the event loop and passes it on as one chunk,
 * so streaming (a Suspense boundary that resolves later) still sends each pass as soon as it is written.
 */
export class RenderStream extends Transform {
  private pending: Buffer[] = []
  private scheduled = false

  override _transform(chunk: Buffer | string, encoding: BufferEncoding, done: TransformCallback): void {
    this.pending.push(typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk)
    if (!this.scheduled) {
      this.scheduled = true
      setImmediate(() => this.release())
    }
    done()
  }

  override _flush(done: TransformCallback): void {
    this.release()
    done()
  }

  private release(): void {
    this.scheduled = false
    if (this.pending.length === 0) return
    const chunk = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending)
    this.pending = []
    this.push(chunk)
  }
}

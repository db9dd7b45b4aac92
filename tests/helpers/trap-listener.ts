import net from 'node:net'

/**
 * A TCP listener on 127.0.0.1 (and on [::1] at the same port when this machine has IPv6 loopback)
 * that the server under test must never reach: it counts every connection and closes it at once.
 */
export interface TrapListener {
  port: number
  /** Connections accepted so far, with the local address they came in on. */
  connections: string[]
  /** Whether [::1] at `port` is listened on too. */
  ipv6: boolean
  close(): Promise<void>
}

export async function startTrapListener(): Promise<TrapListener> {
  const connections: string[] = []
  const onConnection = (socket: net.Socket) => {
    connections.push(`${socket.localAddress}:${socket.localPort}`)
    socket.destroy()
  }
  const v4 = net.createServer(onConnection)
  await new Promise<void>((resolve, reject) => {
    v4.once('error', reject)
    v4.listen(0, '127.0.0.1', resolve)
  })
  const port = (v4.address() as net.AddressInfo).port
  const v6 = net.createServer(onConnection)
  const ipv6 = await new Promise<boolean>((resolve) => {
    v6.once('error', () => resolve(false))
    v6.listen(port, '::1', () => resolve(true))
  })
  const closeServer = (server: net.Server) => new Promise<void>((resolve) => server.close(() => resolve()))
  return {
    port,
    connections,
    ipv6,
    close: async () => {
      await closeServer(v4)
      if (ipv6) await closeServer(v6)
    },
  }
}

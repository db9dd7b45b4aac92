import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetConfig } from '~/lib/config.server'
import { startTrapListener, type TrapListener } from '../../../tests/helpers/trap-listener'
import { fetchForecast, searchCities, UpstreamError } from './upstream.server'

/** The weather services are the operator's; a redirect of theirs to a loopback address is not followed. */
describe('weather services redirecting inside', () => {
  let trap: TrapListener
  let server: http.Server
  const saved = { GEOCODER_URL: process.env.GEOCODER_URL, WEATHER_URL: process.env.WEATHER_URL }

  beforeAll(async () => {
    trap = await startTrapListener()
    server = http.createServer((req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${trap.port}${req.url}` }).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    process.env.GEOCODER_URL = base
    process.env.WEATHER_URL = base
    resetConfig()
  })
  afterAll(async () => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key]
      else process.env[key] = value
      resetConfig()
    }
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await trap.close()
  })

  it('answers 502 for places and forecasts without connecting to the redirect target', async () => {
    await expect(searchCities('Redirect Town')).rejects.toMatchObject({ status: 502 })
    await expect(fetchForecast(33.1, -80.2)).rejects.toBeInstanceOf(UpstreamError)
    expect(trap.connections).toEqual([])
  })
})

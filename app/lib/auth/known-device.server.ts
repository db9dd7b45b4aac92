import { randomBytes } from 'node:crypto'
import { createCookie } from '@remix-run/node'
import { z } from 'zod'
import { isProduction, sessionSecrets } from '../config.server'

/**
 * The known-device cookie: proof that this browser signed in to an account before. It is not a
 * session (it signs nobody in); it only moves this browser's sign-in attempts on those accounts into
 * a budget of their own, which strangers cannot exhaust (decision record 009). Signed with the
 * session secrets, so it cannot be forged or edited; httpOnly, so page scripts cannot read it.
 */
const DEVICE_TTL_SECONDS = 365 * 24 * 60 * 60
/** A shared field tablet may be used by a few inspectors; the most recent ones are remembered. */
export const MAX_ACCOUNTS_PER_DEVICE = 5

export const knownDeviceCookie = createCookie('known_device', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  secure: isProduction(),
  secrets: sessionSecrets(),
  maxAge: DEVICE_TTL_SECONDS,
})

const KnownDeviceSchema = z.object({
  /** Random id of this browser: 128 bits, base64url. */
  d: z.string().regex(/^[\w-]{22}$/),
  /** Ids of the accounts that signed in here, most recent first. */
  a: z.array(z.string().min(1).max(64)).max(MAX_ACCOUNTS_PER_DEVICE),
})
export type KnownDevice = z.infer<typeof KnownDeviceSchema>

/** The request's known-device cookie, or null when it is missing, unsigned, forged or malformed. */
export async function readKnownDevice(request: Request): Promise<KnownDevice | null> {
  const value: unknown = await knownDeviceCookie.parse(request.headers.get('cookie'))
  const parsed = KnownDeviceSchema.safeParse(value)
  return parsed.success ? parsed.data : null
}

/** The Set-Cookie header after `userId` signed in from this browser: same device id, account first. */
export async function rememberDevice(request: Request, userId: string): Promise<string> {
  const known = await readKnownDevice(request)
  const device: KnownDevice = {
    d: known?.d ?? randomBytes(16).toString('base64url'),
    a: [userId, ...(known?.a ?? []).filter((id) => id !== userId)].slice(0, MAX_ACCOUNTS_PER_DEVICE),
  }
  return knownDeviceCookie.serialize(device)
}

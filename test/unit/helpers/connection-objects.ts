// The connections of the tests: the credentials they type (well-formed, never real) and a saved
// connection as main shows it to the window (never its secret).
import type { ConnectionView } from '../../../src/shared/ipc/connections'

export const LIVE_KEY = 'live_Zq8PwX3mN5rT7vY9bC1d'
export const TEST_KEY = 'test_Hk2Lm4Np6Qr8St0Uv2Wx'
export const TOKEN = 'access_Ab1Cd2Ef3Gh4Ij5Kl6Mn7'
export const SANDBOX_KEY = 'test_SandboxKeyForThisRun9'
export const ALL_SECRETS = [LIVE_KEY, TEST_KEY, TOKEN, SANDBOX_KEY]

/** A saved connection as main lists it (`sandbox` is the built-in one). */
export function connection(
  id: string,
  mode: 'test' | 'live' = 'test',
  overrides: Partial<ConnectionView> = {},
): ConnectionView {
  return {
    id,
    label: id === 'sandbox' ? 'Sandbox' : `Shop ${id}`,
    kind: 'api-key',
    mode,
    profileId: null,
    testmode: null,
    masked: `${mode}_…a1b2`,
    baseUrl: 'https://api.example/v2',
    createdAt: '2026-11-22T10:00:00.000Z',
    lastUsedAt: null,
    builtIn: id === 'sandbox',
    ...overrides,
  }
}

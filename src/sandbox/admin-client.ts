// Typed client of the sandbox admin API, for tests of other modules (fault injection, quotas,
// counters). Plain fetch; no dependency on the rest of the sandbox at runtime.
import type { FaultSpec } from './faults'
import type { Quota } from './rate-limit'

export interface SandboxStats {
  orders: number
  payments: number
  requests: number
  /** Idempotency-Keys whose first request is still being processed */
  idempotencyInFlight: number
  ordersByNumber: Record<string, number>
}

export interface FaultListing extends FaultSpec {
  id: string
  remaining?: number
  hits: number
}

export interface SandboxAdmin {
  addFault(fault: FaultSpec): Promise<{ id: string }>
  listFaults(): Promise<FaultListing[]>
  clearFaults(): Promise<void>
  setQuotas(quotas: { mode?: 'test' | 'live'; read?: Quota; write?: Quota }): Promise<void>
  resetBuckets(): Promise<void>
  stats(): Promise<SandboxStats>
  paymentIds(mode?: 'test' | 'live', sort?: 'asc' | 'desc'): Promise<string[]>
}

export function createSandboxAdmin(origin: string, adminToken: string): SandboxAdmin {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${adminToken}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    if (!response.ok) throw new Error(`sandbox admin ${method} ${path} → ${response.status}: ${text}`)
    return (text ? JSON.parse(text) : undefined) as T
  }
  return {
    addFault: (fault) => call('POST', '/__admin/faults', fault),
    listFaults: async () => (await call<{ faults: FaultListing[] }>('GET', '/__admin/faults')).faults,
    clearFaults: () => call('DELETE', '/__admin/faults'),
    setQuotas: async (quotas) => {
      await call('PUT', '/__admin/quotas', quotas)
    },
    resetBuckets: () => call('POST', '/__admin/reset-buckets'),
    stats: () => call('GET', '/__admin/stats'),
    paymentIds: async (mode = 'test', sort = 'desc') =>
      (await call<{ ids: string[] }>('GET', `/__admin/payments?mode=${mode}&sort=${sort}`)).ids,
  }
}

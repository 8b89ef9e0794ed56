// One sandbox for a test file's writes, in test and live mode, with quotas that never pace them, and
// its admin client (faults, clock). Each file starts its own in beforeAll and closes it in afterAll.
import { createSandboxAdmin, startSandbox, type RunningSandbox, type SandboxAdmin } from '../../../src/sandbox'
import { GENEROUS_QUOTAS } from '../../helpers/sandbox-fixtures'

export async function startWriteSandbox(keys: string[]): Promise<{ sandbox: RunningSandbox; admin: SandboxAdmin }> {
  const sandbox = await startSandbox({ keys, seedPayments: 0, quotas: GENEROUS_QUOTAS })
  return { sandbox, admin: createSandboxAdmin(sandbox.origin, sandbox.adminToken) }
}

/**
 * The sandbox makes the next refund of `paymentId` but its answer never arrives (the connection is
 * cut after the headers): the write whose outcome the client cannot know.
 */
export function loseNextRefundAnswer(admin: SandboxAdmin, paymentId: string): ReturnType<SandboxAdmin['addFault']> {
  return admin.addFault({
    path: `/v2/payments/${paymentId}/refunds`,
    method: 'POST',
    kind: 'reset-after-headers',
    count: 1,
  })
}

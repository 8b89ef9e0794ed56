import type { ActionRecordEntry, RecordChange, RecordObjectRef } from '../../../shared/team-record'
import { toErrorView } from './error-view'
import type { StoreContext } from './store-context'

// The customer writes store's state and actions (customer-writes-store.ts creates it).

export interface CustomerWritesPort {
  writesOn(objects: RecordObjectRef[]): Promise<{ writes: ActionRecordEntry[]; me: string }>
  onChanged(listener: (change: RecordChange) => void): () => void
}

export interface CustomerWritesState {
  state: 'loading' | 'ready' | 'error'
  writes: ActionRecordEntry[]
  me: string | null
  error: string | null
  load(): Promise<void>
  dispose(): void
}

export interface CustomerWritesContext extends StoreContext<CustomerWritesState, CustomerWritesPort> {
  objects: RecordObjectRef[]
  /** Raised by every read: only the newest read's answer is kept. */
  asked: number
}

export async function readCustomerWrites(ctx: CustomerWritesContext): Promise<void> {
  const mine = ++ctx.asked
  try {
    const { writes, me } = await ctx.port.writesOn(ctx.objects)
    if (mine === ctx.asked) ctx.set({ state: 'ready', writes, me, error: null })
  } catch (error) {
    if (mine === ctx.asked) ctx.set({ state: 'error', error: toErrorView(error).message })
  }
}

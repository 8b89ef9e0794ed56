import type { StoreApi } from 'zustand/vanilla'
import type { CustomerTarget } from './app-store'
import type { CustomerView } from '../../../shared/ipc/customers'
import { customerKey, type EntitiesState } from './entities'
import { toErrorView, type ErrorView } from './error-view'
import type { StoreContext } from './store-context'

// The customer store's state and actions (customer-store.ts creates it): each action takes the
// store's context.

export interface CustomerPort {
  open(target: CustomerTarget): Promise<CustomerView>
}

export interface CustomerState {
  target: CustomerTarget | null
  view: CustomerView | null
  loading: boolean
  error: ErrorView | null
  open(target: CustomerTarget): Promise<void>
  refresh(): Promise<void>
}

export interface CustomerContext extends StoreContext<CustomerState, CustomerPort> {
  /** The window's cache: each customer view main answers is put there (entities.ts). */
  entities: StoreApi<EntitiesState>
  /** Raised by every read: an answer for a customer no longer on screen is dropped. */
  seq: number
}

const sameTarget = (a: CustomerTarget | null, b: CustomerTarget) =>
  a !== null && a.customerId === b.customerId && a.email === b.email

async function load(ctx: CustomerContext, target: CustomerTarget, keep: boolean): Promise<void> {
  const mine = ++ctx.seq
  ctx.set({ target, loading: true, error: null, ...(keep ? {} : { view: null }) })
  try {
    const view = await ctx.port.open(target)
    ctx.entities.getState().put('customers', customerKey(view.ref), view)
    if (mine === ctx.seq) ctx.set({ view, loading: false })
  } catch (error) {
    if (mine === ctx.seq) ctx.set({ loading: false, error: toErrorView(error) })
  }
}

/** Opens a customer: the one shown is kept on screen while it is read again. */
export function openCustomer(ctx: CustomerContext, target: CustomerTarget): Promise<void> {
  const { target: shown, view } = ctx.get()
  return load(ctx, target, sameTarget(shown, target) && view !== null)
}

export async function refreshCustomer(ctx: CustomerContext): Promise<void> {
  const target = ctx.get().target
  if (target) await load(ctx, target, true)
}

// The window's cache of payments, orders and customers (no browser): the newest read wins, many at
// once, customers by their own read time; and the stores writing to it, so that a refund's answer
// reaches the payments list's row and the customer view without a read and without a component.
import { describe, expect, it } from 'vitest'
import type { Payment, PaymentList } from '../../../../src/shared/api-types'
import type { ChannelOutput } from '../../../../src/shared/ipc/contract'
import type { CustomerView } from '../../../../src/shared/ipc/customers'
import { customerView } from '../../helpers/customer-views'
import { toPageResult } from '../../../../src/shared/payments-page'
import { createWriteStore, type WritePort } from '../../../../src/renderer/src/stores/write-store'
import { createCustomerStore } from '../../../../src/renderer/src/stores/customer-store'
import {
  byId,
  createEntitiesStore,
  customerKey,
  newerThan,
  onStale,
  paymentById,
} from '../../../../src/renderer/src/stores/entities'
import { createPaymentsStore, type PaymentsPort } from '../../../../src/renderer/src/stores/payments-store'
import { rowOffsets, shownRowAt } from '../../../../src/renderer/src/lib/page-window'
import { customerNow } from '../../../../src/renderer/src/features/customer/customer-now'
import { deferred, settle } from '../../helpers/store-fakes'
import { payment } from '../../helpers/story-objects'
import { eur } from '../../../helpers/order-bodies'

function customer(readAt: string, payments: Payment[] = []): CustomerView {
  const rows = payments.map((p) => ({
    id: p.id,
    createdAt: p.createdAt,
    status: p.status,
    method: null,
    amount: p.amount,
    amountRefunded: p.amountRefunded ?? null,
    amountChargedBack: null,
    description: p.description,
    orderId: null,
    endedAt: null,
    failure: null,
    fresh: true,
  }))
  return customerView({
    ref: { customerId: 'cst_1', email: null },
    customerId: 'cst_1',
    name: 'Ann',
    payments: rows,
    readAt,
  })
}

/** The payments list's store over `port` and the window's cache, with no preferences kept. */
function paymentsStore(port: PaymentsPort, entities: ReturnType<typeof createEntitiesStore>) {
  return createPaymentsStore(port, {
    now: () => 1,
    storage: { read: () => null, write: () => undefined },
    listWindow: { keepPages: 4, prefetchPages: 1 },
    entities,
  })
}

describe('entities cache', () => {
  it('keeps the newest read: a read asked earlier and answered later does not undo a newer one', () => {
    const entities = createEntitiesStore()
    const { stamp, put } = entities.getState()
    const early = stamp()
    const late = stamp()
    put('payments', 'tr_1', payment({ id: 'tr_1', amountRefunded: eur('5.00') }), late)
    put('payments', 'tr_1', payment({ id: 'tr_1' }), early)
    expect(paymentById('tr_1')(entities.getState())?.amountRefunded?.value).toBe('5.00')
    // Without a stamp the read is the newest (last read wins): here, all of it refunded.
    put('payments', 'tr_1', payment({ id: 'tr_1', amountRefunded: eur('59.95') }))
    expect(paymentById('tr_1')(entities.getState())?.amountRefunded?.value).toBe('59.95')
    expect(paymentById('tr_2')(entities.getState())).toBeNull()
    expect(paymentById(null)(entities.getState())).toBeNull()
  })

  it('puts many of one read at once, each kept only where the cache holds nothing newer', () => {
    const entities = createEntitiesStore()
    const page = entities.getState().stamp()
    entities.getState().put('payments', 'tr_2', payment({ id: 'tr_2', amountRefunded: eur('1.00') }))
    let changes = 0
    entities.subscribe(() => changes++)
    entities
      .getState()
      .putMany('payments', [payment({ id: 'tr_1' }), payment({ id: 'tr_2' }), payment({ id: 'tr_3' })], byId, page)
    expect(changes).toBe(1)
    const { payments } = entities.getState()
    expect(Object.keys(payments).sort()).toEqual(['tr_1', 'tr_2', 'tr_3'])
    expect(payments['tr_2']?.value.amountRefunded?.value).toBe('1.00')
    // Nothing newer in it: no change for the views.
    entities.getState().putMany('payments', [payment({ id: 'tr_1' })], byId, page - 1)
    expect(changes).toBe(1)
  })

  it('forgets every object on clear, and a read asked before it stays older than one asked after', () => {
    const entities = createEntitiesStore()
    const before = entities.getState().stamp()
    entities.getState().put('payments', 'tr_1', payment({ id: 'tr_1' }))
    entities.getState().put('orders', 'ord_1', { id: 'ord_1' } as never)
    entities.getState().clear()
    expect(entities.getState()).toMatchObject({ payments: {}, orders: {}, customers: {}, deliveries: {} })
    entities.getState().put('payments', 'tr_1', payment({ id: 'tr_1', amountRefunded: eur('2.00') }))
    entities.getState().put('payments', 'tr_1', payment({ id: 'tr_1' }), before)
    expect(paymentById('tr_1')(entities.getState())?.amountRefunded?.value).toBe('2.00')
  })

  it('keeps the customer view main read last, by its own read time', () => {
    const entities = createEntitiesStore()
    const key = customerKey({ customerId: 'cst_1', email: null })
    entities.getState().put('customers', key, customer('2026-11-28T10:00:05Z'))
    entities.getState().put('customers', key, customer('2026-11-28T10:00:01Z'))
    expect(entities.getState().customers[key]?.value.readAt).toBe('2026-11-28T10:00:05Z')
    expect(customerKey({ customerId: null, email: 'a@b.example' })).toBe('email:a@b.example')
  })

  it('a refund’s answer reaches the list’s row and the customer view through the cache, with no read', async () => {
    const entities = createEntitiesStore()
    const before = payment({ id: 'tr_1' })
    const list: PaymentList = {
      count: 2,
      _embedded: { payments: [before, payment({ id: 'tr_2' })] },
      _links: { self: { href: 'https://api.example/v2/payments?limit=2', type: 'application/hal+json' }, next: null },
    } as unknown as PaymentList
    const reads: string[] = []
    const held: ReturnType<typeof deferred<ChannelOutput<'payments.list'>>>[] = []
    const paymentsPort = {
      list: () => {
        const d = deferred<ChannelOutput<'payments.list'>>()
        held.push(d)
        return d.promise
      },
      get: async ({ id }: { id: string }) => {
        reads.push(id)
        return { payment: before, requestId: 'req-get' } as ChannelOutput<'payments.get'>
      },
    } as unknown as PaymentsPort
    const payments = paymentsStore(paymentsPort, entities)
    const customers = createCustomerStore({ open: async () => customer('2026-11-28T10:00:00Z', [before]) }, entities)
    const first = payments.getState().loadFirst()
    held[0]?.resolve(toPageResult(list, 'req-list'))
    await first
    await customers.getState().open({ customerId: 'cst_1' })
    // The list is read again (the agent scrolled back, F5) and its page is answered after the refund's.
    const again = payments.getState().loadFirst()

    const after = payment({ id: 'tr_1', amountRefunded: eur('4.00') })
    const answer = deferred<ChannelOutput<'payments.refund'>>()
    const actions = createWriteStore(
      {
        refund: () => answer.promise,
        refundGuard: async () => {
          throw new Error('not used')
        },
        refunds: async () => ({ refunds: [], requestId: null }),
      } as unknown as WritePort,
      entities,
    )
    const refunding = actions.getState().refund('tr_1', { currency: 'EUR', value: '4.00' }, '')
    answer.resolve({ refund: null, payment: after, requestId: 'req-refund' })
    await refunding
    held[1]?.resolve(toPageResult(list, 'req-list-2'))
    await again
    expect(payments.getState().slots[0]?.requestId).toBe('req-list-2')

    const { slots } = payments.getState()
    const row = (i: number) =>
      shownRowAt(slots, rowOffsets(slots), i, (id, stamp) => newerThan(entities.getState().payments, id, stamp))
    expect(row(0)?.amountRefunded?.value).toBe('4.00')
    expect(row(1)?.id).toBe('tr_2')
    // The customer view shows it refunded, its totals worked out again over the newer row.
    const cached = entities.getState().customers[customerKey({ customerId: 'cst_1', email: null })]
    const now = cached ? customerNow(cached, entities.getState()) : null
    expect(now?.payments[0]?.amountRefunded?.value).toBe('4.00')
    expect(now?.totals).toEqual([expect.objectContaining({ currency: 'EUR', refunded: '4.00' })])
    expect(reads).toEqual([])
    // A read asked after the refund's answer is the newest: its row is shown as it is.
    const third = payments.getState().loadFirst()
    held[2]?.resolve(toPageResult(list, 'req-list-3'))
    await third
    const fresh = payments.getState().slots
    const newest = shownRowAt(fresh, rowOffsets(fresh), 0, (id, stamp) =>
      newerThan(entities.getState().payments, id, stamp),
    )
    expect(newest?.amountRefunded).toBeUndefined()
  })

  it('calls a view back when the object it shows is marked stale, not for another, not after it stopped', () => {
    const entities = createEntitiesStore()
    let shown: string | null = 'tr_1'
    const reads: string[] = []
    const stop = onStale(
      entities,
      'payments',
      () => shown,
      () => reads.push(shown ?? '-'),
    )
    entities.getState().markStale('payments', 'tr_2')
    entities.getState().markStale('orders', 'tr_1')
    entities.getState().put('payments', 'tr_1', payment({ id: 'tr_1' }))
    expect(reads).toEqual([])
    entities.getState().markStale('payments', 'tr_1')
    entities.getState().markStale('payments', 'tr_1')
    expect(reads).toEqual(['tr_1', 'tr_1'])
    shown = null
    entities.getState().markStale('payments', 'tr_1')
    shown = 'tr_1'
    stop()
    entities.getState().markStale('payments', 'tr_1')
    expect(reads).toEqual(['tr_1', 'tr_1'])
    entities.getState().clear()
    expect(entities.getState().stale).toEqual({ payments: {}, orders: {} })
  })

  it('a cancel’s answer reaches the open payment through the cache: the payments store reads it again, no component', async () => {
    const entities = createEntitiesStore()
    const reads: string[] = []
    const paymentsPort = {
      get: async ({ id }: { id: string }) => {
        reads.push(id)
        return {
          payment: payment({ id, status: 'canceled' }),
          requestId: `req-get-${reads.length}`,
        } as ChannelOutput<'payments.get'>
      },
    } as unknown as PaymentsPort
    const payments = paymentsStore(paymentsPort, entities)
    await payments.getState().openDetail('tr_1')
    expect(reads).toEqual(['tr_1'])
    const actions = createWriteStore(
      {
        cancelPayment: async (id: string) => ({
          payment: payment({ id, status: 'canceled' }),
          requestId: 'req-cancel',
        }),
        update: async (id: string) => ({ payment: payment({ id }), requestId: 'req-update' }),
      } as unknown as WritePort,
      entities,
    )
    await actions.getState().cancelPayment('tr_1')
    await settle()
    expect(reads).toEqual(['tr_1', 'tr_1'])
    expect(payments.getState().detail?.requestId).toBe('req-get-2')
    // A payment that is not the one open is not read.
    await actions.getState().update('tr_9', { description: 'x' })
    await settle()
    expect(reads).toEqual(['tr_1', 'tr_1'])
  })
})

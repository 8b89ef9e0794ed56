import { useEffect, useState } from 'react'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import type { CustomerView } from '../../../../shared/ipc/customers'
import { recordedWriteLine } from '../../../../shared/story/record-story'
import type { RecordObjectRef } from '../../../../shared/team-record'
import type { CustomerWritesState } from '../../stores/customer-writes-store'
import { newCustomerWritesStore } from '../../stores/view-stores'
import type { Openers } from './CustomerSections'

const OBJECT_WORDS: Record<RecordObjectRef['kind'], string> = {
  payment: 'payment',
  order: 'order',
  customer: 'the customer',
}

/** The customer and the payments and orders the view shows: the objects whose writes it lists. */
function objectsOf(view: CustomerView): RecordObjectRef[] {
  return [
    ...(view.customerId ? [{ kind: 'customer' as const, id: view.customerId }] : []),
    ...view.orders.map((o) => ({ kind: 'order' as const, id: o.id })),
    ...view.payments.map((p) => ({ kind: 'payment' as const, id: p.id })),
  ]
}

function objectOfKey(key: string): RecordObjectRef {
  const at = key.indexOf(':')
  return { kind: key.slice(0, at) as RecordObjectRef['kind'], id: key.slice(at + 1) }
}

/**
 * Every write Paydesk recorded on this customer and on their payments and orders (issue 50), newest
 * first, in words ("Refund of €45.00 by anna, ticket 4711, 28 Nov, 10:42") with the object it was on.
 */
export function CustomerWrites(props: { view: CustomerView; locale: string } & Openers): React.JSX.Element | null {
  // One store per set of objects, keyed by their ids: a fresh read of the same customer keeps it.
  const ids = objectsOf(props.view)
    .map((o) => `${o.kind}:${o.id}`)
    .join(',')
  const [store, setStore] = useState<StoreApi<CustomerWritesState> | null>(null)
  useEffect(() => {
    if (ids === '') return
    const s = newCustomerWritesStore(ids.split(',').map(objectOfKey))
    setStore(s)
    void s.getState().load()
    return () => s.getState().dispose()
  }, [ids])
  if (ids === '' || !store) return null
  return <WritesList {...props} store={store} />
}

function WritesList(props: { store: StoreApi<CustomerWritesState>; locale: string } & Openers): React.JSX.Element {
  const { state, writes, me, error } = useStore(props.store)
  const open = (o: RecordObjectRef) =>
    o.kind === 'payment' ? props.openPayment(o.id) : o.kind === 'order' ? props.openOrder(o.id) : undefined
  return (
    <section
      className="order-section customer-writes"
      aria-labelledby="customer-writes-title"
      data-testid="customer-writes"
    >
      <h2 id="customer-writes-title">Done on this customer’s payments and orders, newest first</h2>
      {state === 'loading' && (
        <p className="muted" role="status" data-testid="customer-writes-loading">
          Reading what was done on them…
        </p>
      )}
      {state === 'error' && (
        <p className="error" role="alert" data-testid="customer-writes-error">
          What was done on them could not be read: {error}
        </p>
      )}
      {state === 'ready' && writes.length === 0 && (
        <p className="muted" data-testid="customer-writes-empty">
          Paydesk has recorded no refund, cancel or other change on this customer or their payments and orders.
        </p>
      )}
      {state === 'ready' && writes.length > 0 && (
        <ol className="stack-list" aria-label="Writes recorded" data-testid="customer-writes-list">
          {writes.map((w) => (
            <li key={w.id}>
              {recordedWriteLine(w, me, { locale: props.locale })}
              {w.object.kind === 'customer' ? (
                ', on the customer'
              ) : (
                <>
                  , on {OBJECT_WORDS[w.object.kind]}{' '}
                  <button type="button" className="link-button mono" onClick={() => open(w.object)}>
                    {w.object.id}
                  </button>
                </>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

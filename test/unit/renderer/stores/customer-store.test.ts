// The customer view's store with a fake port: loading, an error, and a late answer for a customer
// no longer on screen dropped.
import { describe, expect, it } from 'vitest'
import { createEntitiesStore } from '../../../../src/renderer/src/stores/entities'
import { createCustomerStore } from '../../../../src/renderer/src/stores/customer-store'
import type { CustomerView } from '../../../../src/shared/ipc/customers'
import { deferred, type Deferred } from '../../helpers/store-fakes'
import { customerView } from '../../helpers/customer-views'

function view(email: string): CustomerView {
  return customerView({ ref: { customerId: null, email }, email })
}

describe('customer store', () => {
  it('loads, then keeps the view shown while it reads again', async () => {
    const answers = [deferred<CustomerView>(), deferred<CustomerView>()]
    let n = 0
    const store = createCustomerStore(
      {
        open: () => (answers[n++] as Deferred<CustomerView>).promise,
      },
      createEntitiesStore(),
    )
    const first = store.getState().open({ email: 'a@b.example' })
    expect(store.getState()).toMatchObject({ loading: true, view: null })
    answers[0]?.resolve(view('a@b.example'))
    await first
    expect(store.getState()).toMatchObject({ loading: false, view: { email: 'a@b.example' } })
    const again = store.getState().refresh()
    expect(store.getState()).toMatchObject({ loading: true, view: { email: 'a@b.example' } })
    answers[1]?.reject(Object.assign(new Error('No such customer'), { code: 'not-found', view: {} }))
    await again
    expect(store.getState()).toMatchObject({ loading: false, error: { code: 'not-found' } })
  })

  it('drops the answer for a customer no longer on screen', async () => {
    const slow = deferred<CustomerView>()
    const fast = deferred<CustomerView>()
    const store = createCustomerStore(
      { open: (t) => (t.email === 'slow@x.example' ? slow.promise : fast.promise) },
      createEntitiesStore(),
    )
    const a = store.getState().open({ email: 'slow@x.example' })
    const b = store.getState().open({ email: 'fast@x.example' })
    fast.resolve(view('fast@x.example'))
    await b
    slow.resolve(view('slow@x.example'))
    await a
    expect(store.getState().view?.email).toBe('fast@x.example')
  })
})

// The customer view in the app shell's store: opened with a customer id or an e-mail, kept while the
// agent opens one of their orders, and the screen before it remembered for Back / Esc.
import { describe, expect, it } from 'vitest'
import { createAppStore } from '../../../../src/renderer/src/stores/app-store'

const unused = async (): Promise<never> => Promise.reject(new Error('unused'))
const store = () => createAppStore({ info: unused, openExternal: unused, copyText: unused, emailLink: unused })

describe('app store: the customer view', () => {
  it('keeps who is shown and where the agent came from', () => {
    const app = store()
    app.getState().setScreen('payments')
    app.getState().navigate({ screen: 'customer', email: 'ann@example.com' })
    expect(app.getState()).toMatchObject({
      screen: 'customer',
      previousScreen: 'payments',
      customer: { email: 'ann@example.com' },
    })
    expect(app.getState().takeFocus('customer')).toMatchObject({ email: 'ann@example.com' })

    // Opening one of their orders keeps the customer for the way back.
    app.getState().navigate({ screen: 'order', orderId: 'ord_1' })
    expect(app.getState()).toMatchObject({
      screen: 'order',
      previousScreen: 'customer',
      customer: { email: 'ann@example.com' },
    })

    app.getState().navigate({ screen: 'customer', customerId: 'cst_1' })
    expect(app.getState().customer).toEqual({ customerId: 'cst_1' })
  })
})

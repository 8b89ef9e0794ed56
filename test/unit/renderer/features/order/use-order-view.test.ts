// @vitest-environment happy-dom
// The order view's hook over the window's real stores (only the preload bridge is faked): the order
// asked for is read on arrival and again on each ask, F5 / Ctrl+R read it again, L copies its payment
// link, Back returns where the agent came from, and the story is told from the cache's copy.
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup } from '@testing-library/react'
import { useOrderView } from '../../../../../src/renderer/src/features/order/use-order-view'
import type { Order } from '../../../../../src/shared/api-types'
import { newWriteStore } from '../../../../../src/renderer/src/stores/view-stores'
import { installBridge, pressKey, renderInWindow, settled, windowStores } from '../../../helpers/hook-harness'
import { link, order } from '../../../helpers/story-objects'

const CHECKOUT = 'https://pay.example/checkout/ord_story1'

function answerOrders(byId: Record<string, Order>) {
  return (input: unknown) => {
    const { id } = input as { id: string }
    const found = byId[id]
    if (!found) throw new Error(`no order ${id} in this test`)
    return { order: found, requestId: `req_${id}`, deliveries: null }
  }
}

afterEach(() => cleanup())

describe('useOrderView', () => {
  it('reads the order the agent navigated to, and tells its story from what main answered', async () => {
    const bridge = installBridge({
      'orders.get': answerOrders({ ord_story1: order({ status: 'paid' }) }),
      'app.info': { version: '0' } as never,
    })
    const stores = windowStores()
    stores.app.app.getState().navigate({ screen: 'order', orderId: 'ord_story1' })
    const view = renderInWindow(stores, () => useOrderView())
    expect(view.result.current.o).toBeNull()
    await settled()
    expect(bridge.inputsOf('orders.get')).toEqual([{ id: 'ord_story1' }])
    expect(view.result.current.o?.id).toBe('ord_story1')
    expect(view.result.current.story?.state).toMatch(/paid/i)
    // The order is in the window's cache, where the other views read it.
    expect(stores.app.entities.getState().orders['ord_story1']?.value.status).toBe('paid')
  })

  it('reads again on F5 and Ctrl+R, not on a plain R', async () => {
    const bridge = installBridge({ 'orders.get': answerOrders({ ord_story1: order() }) })
    const stores = windowStores()
    stores.app.app.getState().navigate({ screen: 'order', orderId: 'ord_story1' })
    renderInWindow(stores, () => useOrderView())
    await settled()
    pressKey('F5')
    await settled()
    pressKey('r', { ctrlKey: true })
    await settled()
    pressKey('r')
    await settled()
    expect(bridge.inputsOf('orders.get')).toHaveLength(3)
  })

  it('shows a newer copy from the cache without reading again (an action elsewhere answered it)', async () => {
    installBridge({ 'orders.get': answerOrders({ ord_story1: order() }) })
    const stores = windowStores()
    stores.app.app.getState().navigate({ screen: 'order', orderId: 'ord_story1' })
    const view = renderInWindow(stores, () => useOrderView())
    await settled()
    expect(view.result.current.o?.status).toBe('created')
    await settled()
    stores.app.entities.getState().put('orders', 'ord_story1', order({ status: 'canceled' }))
    await settled()
    expect(view.result.current.o?.status).toBe('canceled')
    expect(view.result.current.story?.state).toMatch(/cancel/i)
  })

  it('copies the payment link with L through main, and says so; says why when main cannot', async () => {
    const withLink = order({
      _links: { self: link, checkout: { href: CHECKOUT, type: 'text/html' }, dashboard: link, documentation: link },
    })
    const bridge = installBridge({ 'orders.get': answerOrders({ ord_story1: withLink }), 'app.copy': {} as never })
    const stores = windowStores()
    stores.app.app.getState().navigate({ screen: 'order', orderId: 'ord_story1' })
    const view = renderInWindow(stores, () => useOrderView())
    await settled()
    pressKey('l')
    await settled()
    expect(bridge.inputsOf('app.copy')).toEqual([{ text: CHECKOUT }])
    expect(view.result.current.notice).toBe('Payment link copied.')
    bridge.answer('app.copy', () => {
      throw new Error('clipboard unavailable')
    })
    pressKey('l')
    await settled()
    expect(view.result.current.notice).toMatch(/^Could not copy payment link/)
  })

  it('has no L without a payment link, and Back goes where the agent came from', async () => {
    const bridge = installBridge({ 'orders.get': answerOrders({ ord_story1: order() }) })
    const stores = windowStores()
    stores.app.app.getState().setScreen('customer')
    stores.app.app.getState().navigate({ screen: 'order', orderId: 'ord_story1' })
    const view = renderInWindow(stores, () => useOrderView())
    await settled()
    pressKey('l')
    await settled()
    expect(bridge.inputsOf('app.copy')).toEqual([])
    expect(view.result.current.back).toBe('customer')
  })

  it('reads the order again when an action canceled it (the cache marks it stale), and stops on unmount', async () => {
    let status: Order['status'] = 'created'
    const bridge = installBridge({
      'orders.get': () => ({ order: order({ status }), requestId: 'req_get', deliveries: null }),
      'orders.cancel': () => {
        status = 'canceled'
        return { order: order({ status: 'canceled' }), requestId: 'req_cancel' }
      },
    })
    const stores = windowStores()
    stores.app.app.getState().navigate({ screen: 'order', orderId: 'ord_story1' })
    const view = renderInWindow(stores, () => useOrderView())
    await settled()
    // The order view's actions, as OrderWrites makes them (their own store on the window's cache).
    const actions = newWriteStore('order', stores.app.entities)
    await actions.getState().cancelOrder('ord_story1')
    await settled()
    expect(bridge.inputsOf('orders.get')).toHaveLength(2)
    expect(view.result.current.state.requestId).toBe('req_get')
    expect(view.result.current.o?.status).toBe('canceled')
    view.unmount()
    stores.app.entities.getState().markStale('orders', 'ord_story1')
    await settled()
    expect(bridge.inputsOf('orders.get')).toHaveLength(2)
  })
})

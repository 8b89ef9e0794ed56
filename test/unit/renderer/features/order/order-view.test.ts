// The order view's arrival, Back and refresh keys (the logic of use-order-view.ts).
import { describe, expect, it } from 'vitest'
import { backScreen, isRefreshKey, orderToRead } from '../../../../../src/renderer/src/features/order/order-view'

describe('orderToRead', () => {
  it('reads the order another screen asks for, every time it asks', () => {
    expect(orderToRead({ orderId: 'ord_2' }, true, 'ord_1')).toBe('ord_2')
    expect(orderToRead({ orderId: 'ord_2' }, false, 'ord_1')).toBe('ord_2')
  })

  it('reads the order the app was opened on at the first arrival only', () => {
    expect(orderToRead(null, true, 'ord_1')).toBe('ord_1')
    expect(orderToRead(null, false, 'ord_1')).toBeNull()
    expect(orderToRead(null, true, null)).toBeNull()
  })
})

describe('backScreen', () => {
  it('returns where the agent came from, and Home from the order view itself', () => {
    expect(backScreen('payments')).toBe('payments')
    expect(backScreen('customer')).toBe('customer')
    expect(backScreen('order')).toBe('home')
  })
})

describe('isRefreshKey', () => {
  const key = (k: string, mods: { ctrlKey?: boolean; metaKey?: boolean } = {}) => ({
    key: k,
    ctrlKey: mods.ctrlKey ?? false,
    metaKey: mods.metaKey ?? false,
  })
  it('reads the order again on F5, Ctrl+R and Cmd+R, not on a plain R', () => {
    expect(isRefreshKey(key('F5'))).toBe(true)
    expect(isRefreshKey(key('r', { ctrlKey: true }))).toBe(true)
    expect(isRefreshKey(key('R', { metaKey: true }))).toBe(true)
    expect(isRefreshKey(key('r'))).toBe(false)
    expect(isRefreshKey(key('t', { ctrlKey: true }))).toBe(false)
  })
})

import { describe, expect, it } from 'vitest'
import { buildPaydeskApi, type SubscribeAll } from '../../../src/preload/build-api'
import { present } from '../../helpers/present'

function fakeBridge() {
  const invoked: [string, unknown][] = []
  let listener: ((m: { event: string; payload: unknown }) => void) | null = null
  let subscriptions = 0
  const subscribeAll: SubscribeAll = (l) => {
    listener = l
    subscriptions++
    return () => {
      listener = null
    }
  }
  const api = buildPaydeskApi(
    ['app.info', 'orders.create', 'orders.get'],
    ['connections.changed'],
    async (channel, input) => {
      invoked.push([channel, input])
      return { ok: true, value: channel }
    },
    subscribeAll,
  ) as Record<string, unknown> & {
    on: (e: string, l: (p: unknown) => void) => () => void
  }
  return {
    api,
    invoked,
    emit: (event: string, payload: unknown) => listener?.({ event, payload }),
    isSubscribed: () => listener !== null,
    subscriptions: () => subscriptions,
  }
}

describe('buildPaydeskApi (the preload surface)', () => {
  it('exposes one named function per channel, grouped by domain', async () => {
    const { api, invoked } = fakeBridge()
    expect(Object.keys(api).sort()).toEqual(['app', 'on', 'orders'])
    const orders = api['orders'] as Record<string, (input: unknown) => Promise<unknown>>
    expect(Object.keys(orders).sort()).toEqual(['create', 'get'])
    await present(orders['create'], 'orders.create')({ orderNumber: '1' })
    expect(invoked).toEqual([['orders.create', { orderNumber: '1' }]])
  })

  it('is frozen, so the page cannot swap a function for another', () => {
    const { api } = fakeBridge()
    expect(Object.isFrozen(api)).toBe(true)
    expect(Object.isFrozen(api['app'])).toBe(true)
  })

  it('delivers only subscribed events and unsubscribes', () => {
    const { api, emit, isSubscribed } = fakeBridge()
    const seen: unknown[] = []
    const off = api.on('connections.changed', (p) => seen.push(p))
    emit('connections.changed', { activeId: 'a' })
    emit('something.else', { x: 1 })
    off()
    emit('connections.changed', { activeId: 'b' })
    expect(seen).toEqual([{ activeId: 'a' }])
    expect(isSubscribed()).toBe(false)
  })

  it('keeps one underlying subscription for many listeners', () => {
    const { api, subscriptions, emit } = fakeBridge()
    const seen: string[] = []
    const offA = api.on('connections.changed', () => seen.push('a'))
    const offB = api.on('connections.changed', () => seen.push('b'))
    emit('connections.changed', {})
    expect(subscriptions()).toBe(1)
    expect(seen).toEqual(['a', 'b'])
    offA()
    offB()
  })

  it('refuses unknown events', () => {
    const { api } = fakeBridge()
    expect(() => api.on('not.an.event', () => {})).toThrow(/Unknown Paydesk event/)
  })
})

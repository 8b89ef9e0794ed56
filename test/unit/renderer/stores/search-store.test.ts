// The search store with a fake port (no browser): stale answers dropped, keyboard moves wrap over
// orders then payments, Enter's target, refused queries shown, sync progress followed.
import { describe, expect, it } from 'vitest'
import type { SearchHit, SearchResult, SyncProgress } from '../../../../src/shared/ipc/search'
import { createSearchStore, type SearchPort } from '../../../../src/renderer/src/stores/search-store'
import { present } from '../../../helpers/present'
import { searchHit, searchResult } from '../../helpers/search-results'

function hit(kind: 'payment' | 'order', id: string): SearchHit {
  return searchHit(id, '', kind)
}

function result(text: string, orders: string[], payments: string[]): SearchResult {
  return searchResult(
    text,
    payments.map((id) => hit('payment', id)),
    { orders: orders.map((id) => hit('order', id)) },
  )
}

function fakePort() {
  const pending: { text: string; resolve: (r: SearchResult) => void; reject: (e: Error) => void }[] = []
  const listeners: ((p: SyncProgress) => void)[] = []
  const port: SearchPort = {
    query: (text) => new Promise((resolve, reject) => pending.push({ text, resolve, reject })),
    home: async () => {
      throw new Error('unused')
    },
    sync: async () => ({}) as SyncProgress,
    cancelSync: async () => ({}) as SyncProgress,
    status: async () => ({ state: 'idle' }) as SyncProgress,
    setPaymentCap: async () => {
      throw new Error('unused')
    },
    onProgress: (l) => {
      listeners.push(l)
      return () => listeners.splice(listeners.indexOf(l), 1)
    },
  }
  return { port, pending, listeners }
}

describe('search store', () => {
  it('drops an answer that arrives after a newer query', async () => {
    const { port, pending } = fakePort()
    const store = createSearchStore(port)
    store.getState().setText('ada')
    const first = store.getState().run()
    store.getState().setText('ada@')
    const second = store.getState().run()
    present(pending[1]).resolve(result('ada@', ['ord_new'], []))
    await second
    present(pending[0]).resolve(result('ada', ['ord_old'], []))
    await first
    expect(store.getState().result?.text).toBe('ada@')
  })

  it('moves over orders then payments, wrapping, and targets the selection', async () => {
    const { port, pending } = fakePort()
    const store = createSearchStore(port)
    store.getState().setText('x')
    const run = store.getState().run()
    present(pending[0]).resolve(result('x', ['ord_a'], ['tr_b', 'tr_c']))
    await run
    expect(store.getState().target()).toEqual({ kind: 'order', id: 'ord_a' })
    store.getState().move(1)
    store.getState().move(1)
    expect(store.getState().target()).toEqual({ kind: 'payment', id: 'tr_c' })
    store.getState().move(1)
    expect(store.getState().target()).toEqual({ kind: 'order', id: 'ord_a' })
    store.getState().move(-1)
    expect(store.getState().target()).toEqual({ kind: 'payment', id: 'tr_c' })
  })

  it('shows a refused query as a message and clears on empty text', async () => {
    const { port, pending } = fakePort()
    const store = createSearchStore(port)
    store.getState().setText('x'.repeat(600))
    const run = store.getState().run()
    present(pending[0]).reject(new Error('That search is 600 characters long'))
    await run
    expect(store.getState().error).toMatch(/600 characters/)
    store.getState().setText('')
    expect(store.getState().result).toBeNull()
    expect(store.getState().open).toBe(false)
  })

  it('follows sync progress events until unsubscribed', () => {
    const { port, listeners } = fakePort()
    const store = createSearchStore(port)
    const off = store.getState().listen()
    present(listeners[0])({ state: 'running', items: 250, pages: 1 } as SyncProgress)
    expect(store.getState().sync?.items).toBe(250)
    off()
    expect(listeners).toHaveLength(0)
  })
})

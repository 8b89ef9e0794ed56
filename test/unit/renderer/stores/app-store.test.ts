// The app shell's store with a fake port (no browser): the first screen, screen switches and the
// screen to go back to, focus requests handed to the screen they are for, and the version line.
import { describe, expect, it } from 'vitest'
import type { AppInfo } from '../../../../src/shared/ipc/app'
import { createAppStore, screenNamed, type AppPort } from '../../../../src/renderer/src/stores/app-store'
import { ipcError } from '../../helpers/store-fakes'

const INFO: AppInfo = {
  name: 'Paydesk',
  version: '0.1.0',
  platform: 'linux',
  versions: { node: '24.0.0', electron: null, chrome: null },
}

function port(answer: () => Promise<AppInfo>, errands: string[] = []): AppPort {
  return {
    info: answer,
    openExternal: async (url) => errands.push(`open ${url}`),
    copyText: async (text) => errands.push(`copy ${text}`),
    async emailLink(input) {
      if (input.kind !== 'payment') throw new Error('That payment has no e-mail address.')
      errands.push(`email ${input.id}`)
    },
  }
}

describe('app store', () => {
  it('starts on home unless told another sidebar screen', () => {
    expect(createAppStore(port(async () => INFO)).getState().screen).toBe('home')
    expect(
      createAppStore(
        port(async () => INFO),
        { screen: 'inspector' },
      ).getState().screen,
    ).toBe('inspector')
    expect(screenNamed('orders')).toBe('orders')
    expect(screenNamed('order')).toBe('home') // the order view needs an order: not a start screen
    expect(screenNamed('<script>')).toBe('home')
    expect(screenNamed(null)).toBe('home')
  })

  it('remembers the screen to go back to, not changed by choosing the same screen again', () => {
    const store = createAppStore(port(async () => INFO))
    store.getState().setScreen('payments')
    store.getState().setScreen('payments')
    expect(store.getState()).toMatchObject({ screen: 'payments', previousScreen: 'home' })
    store.getState().navigate({ screen: 'order', orderId: 'ord_1' })
    expect(store.getState()).toMatchObject({ screen: 'order', orderId: 'ord_1', previousScreen: 'payments' })
    store.getState().setScreen('inspector')
    expect(store.getState()).toMatchObject({ orderId: 'ord_1', previousScreen: 'order' })
  })

  it('a focus request waits for its own screen and is taken once', () => {
    const store = createAppStore(port(async () => INFO))
    store.getState().navigate({ screen: 'inspector', entryId: 'req-1' })
    expect(store.getState().screen).toBe('inspector')
    expect(store.getState().takeFocus('payments')).toBeNull()
    expect(store.getState().takeFocus('inspector')).toEqual({ screen: 'inspector', entryId: 'req-1' })
    expect(store.getState().takeFocus('inspector')).toBeNull()
    store.getState().navigate({ screen: 'orders', field: 'lines.0.quantity' })
    store.getState().navigate({ screen: 'payments', paymentId: 'tr_1' }) // a newer request replaces it
    expect(store.getState().takeFocus('orders')).toBeNull()
    expect(store.getState().takeFocus('payments')).toEqual({ screen: 'payments', paymentId: 'tr_1' })
  })

  it("runs the window's errands (open a link, copy, e-mail a link) through main; a refusal reaches the view", async () => {
    const errands: string[] = []
    const store = createAppStore(port(async () => INFO, errands))
    await store.getState().openExternal('https://docs.mollie.com/')
    await store.getState().copyText('tr_1')
    await store.getState().emailLink({ kind: 'payment', id: 'tr_1' })
    await expect(store.getState().emailLink({ kind: 'order', id: 'ord_1' })).rejects.toThrow('no e-mail address')
    expect(errands).toEqual(['open https://docs.mollie.com/', 'copy tr_1', 'email tr_1'])
  })

  it('loads the version line, or says why it could not', async () => {
    const store = createAppStore(port(async () => INFO))
    await store.getState().loadInfo()
    expect(store.getState()).toMatchObject({ info: INFO, infoError: null })
    const failing = createAppStore(
      port(async () => {
        throw ipcError('forbidden-sender', 'This window may not ask that.')
      }),
    )
    await failing.getState().loadInfo()
    expect(failing.getState()).toMatchObject({ info: null, infoError: 'This window may not ask that.' })
  })
})

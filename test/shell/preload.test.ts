import { afterEach, describe, expect, it, vi } from 'vitest'
import { EVENT_CHANNEL } from '../../src/shared/ipc/events'
import { CHANNEL_NAMES } from '../../src/shared/ipc/contract'
import { EVENT_NAMES } from '../../src/shared/ipc/events'
import { createFakeRenderer } from './fake-electron'
import { present } from '../helpers/present'

// The real src/preload/index.ts under the typed fake of contextBridge and ipcRenderer.

afterEach(() => {
  vi.doUnmock('electron')
  vi.resetModules()
})

async function loadPreload() {
  const fake = createFakeRenderer()
  vi.resetModules()
  vi.doMock('electron', () => fake.electron)
  await import('../../src/preload/index')
  return fake.electron
}

describe('the preload under a simulated Electron', () => {
  it('exposes exactly the contract as window.paydesk, frozen, with no ipcRenderer and no generic invoke', async () => {
    const { contextBridge } = await loadPreload()
    expect([...contextBridge.exposed.keys()]).toEqual(['paydesk'])
    const api = contextBridge.exposed.get('paydesk') as Record<string, unknown>
    const exposed = Object.entries(api).flatMap(([domain, group]) =>
      typeof group === 'function' ? [domain] : Object.keys(group as object).map((action) => `${domain}.${action}`),
    )
    expect(exposed.sort()).toEqual([...CHANNEL_NAMES, 'on'].sort())
    expect(Object.isFrozen(api)).toBe(true)
    for (const group of Object.values(api)) if (typeof group === 'object') expect(Object.isFrozen(group)).toBe(true)
    expect(JSON.stringify(Object.keys(api))).not.toMatch(/ipcRenderer|invoke|send/)
  })

  it('each function invokes its own channel with the input', async () => {
    const { contextBridge, ipcRenderer } = await loadPreload()
    const api = contextBridge.exposed.get('paydesk') as Record<string, Record<string, (input?: unknown) => unknown>>
    for (const channel of CHANNEL_NAMES) {
      const [domain, action] = [channel.slice(0, channel.indexOf('.')), channel.slice(channel.indexOf('.') + 1)]
      await present(present(api[domain])[action], channel)({ probe: channel })
    }
    expect(ipcRenderer.invoked).toEqual(CHANNEL_NAMES.map((channel) => ({ channel, args: [{ probe: channel }] })))
  })

  it('delivers only the contract’s events, and unsubscribes from ipcRenderer when the last listener leaves', async () => {
    const { contextBridge, ipcRenderer } = await loadPreload()
    const api = contextBridge.exposed.get('paydesk') as {
      on(event: string, listener: (payload: unknown) => void): () => void
    }
    expect(() => api.on('not.an.event', () => {})).toThrow(/Unknown Paydesk event/)
    const event = EVENT_NAMES[0]
    const received: unknown[] = []
    const off = api.on(event, (payload) => received.push(payload))
    expect(ipcRenderer.listenerCount(EVENT_CHANNEL)).toBe(1)
    ipcRenderer.deliver(EVENT_CHANNEL, { event, payload: { n: 1 } })
    ipcRenderer.deliver(EVENT_CHANNEL, { event: 'other.event', payload: { n: 2 } })
    expect(received).toEqual([{ n: 1 }])
    off()
    expect(ipcRenderer.listenerCount(EVENT_CHANNEL)).toBe(0)
  })
})

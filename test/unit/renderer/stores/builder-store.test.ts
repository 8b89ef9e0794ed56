// The order builder's store with a fake port and a manual clock (no browser): autosave after the
// pause, a new draft saved before it is sent, create success / 422 / 409 / network failure, late
// answers of another draft dropped, and the active connection re-read when connections change.
import { describe, expect, it } from 'vitest'
import type { ActiveConnectionView } from '../../../../src/shared/ipc/connections'
import type { ChannelInput, ChannelOutput } from '../../../../src/shared/ipc/contract'
import type { DraftView } from '../../../../src/shared/ipc/drafts'
import type { CreateFailure, OrderCreated } from '../../../../src/shared/ipc/orders'
import { emptyDraftContent, type DraftContent } from '../../../../src/shared/order-builder'
import { createDraftsStore } from '../../../../src/renderer/src/stores/drafts-store'
import {
  AUTOSAVE_DELAY_MS,
  createBuilderStore,
  type BuilderPort,
} from '../../../../src/renderer/src/stores/builder-store'
import { manualTimers } from '../../helpers/store-fakes'
import { createEntitiesStore } from '../../../../src/renderer/src/stores/entities'

function connection(id: string, label: string): ActiveConnectionView {
  return {
    id,
    label,
    kind: 'api-key',
    mode: 'test',
    profileId: null,
    testmode: null,
    masked: 'test_…a1b2',
    baseUrl: 'http://127.0.0.1:1/v2',
    createdAt: '2026-01-01T00:00:00.000Z',
    lastUsedAt: null,
    builtIn: false,
    isLive: false,
  }
}

function ipcError(code: string, message: string, api?: unknown): Error {
  return Object.assign(new Error(message), { code, view: { code, message, ...(api ? { api } : {}) } })
}

/** Main's side in memory: drafts with keys, the active connection, the create outcome. */
function fakeMain() {
  const drafts = new Map<string, DraftView>()
  let seq = 0
  let keySeq = 0
  const calls: string[] = []
  const listeners = new Set<() => void>()
  const state = {
    active: connection('c1', 'Shop A'),
    create: null as null | ((input: ChannelInput<'orders.create'>) => Promise<ChannelOutput<'orders.create'>>),
    saveFails: false,
  }
  function view(id: string, content: DraftContent, archived: DraftView['archived'] = null): DraftView {
    const old = drafts.get(id)
    const v: DraftView = {
      id,
      name: content.orderNumber || 'Untitled',
      kind: content.kind,
      createdAt: old?.createdAt ?? '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:01.000Z',
      summary: content.kind,
      archived,
      connection: old?.connection ?? { id: state.active.id, label: state.active.label },
      content,
      idempotencyKey: old?.idempotencyKey ?? `key-${++keySeq}`,
    }
    drafts.set(id, v)
    return v
  }
  const port: BuilderPort = {
    async activeConnection() {
      calls.push('connections.active')
      return state.active
    },
    async saveDraft(input) {
      calls.push(`drafts.save ${input.id ?? 'new'}`)
      if (state.saveFails) throw ipcError('keychain-unavailable', 'The keychain is locked.')
      return view(input.id ?? `drf_${++seq}`, input.content)
    },
    async getDraft(id) {
      calls.push(`drafts.get ${id}`)
      const v = drafts.get(id)
      if (!v) throw ipcError('not-found', `No draft ${id}.`)
      return v
    },
    async moveDraft(id) {
      calls.push(`drafts.moveToActive ${id}`)
      const v = drafts.get(id)
      if (!v) throw ipcError('not-found', `No draft ${id}.`)
      const moved = { ...v, connection: { id: state.active.id, label: state.active.label } }
      drafts.set(id, moved)
      return moved
    },
    async createOrder(input) {
      calls.push(`orders.create ${input.draftId}`)
      if (!state.create) throw new Error('no create outcome set')
      return state.create(input)
    },
    async createPayment() {
      throw new Error('not used')
    },
    onConnectionsChanged(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    onUnload: () => () => {},
  }
  return {
    port,
    drafts,
    calls,
    state,
    view,
    emitConnectionsChanged: () => listeners.forEach((l) => l()),
    listenerCount: () => listeners.size,
  }
}

async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve()
  await new Promise((r) => setImmediate(r))
}

function setup() {
  const main = fakeMain()
  const clock = manualTimers()
  const drafts = createDraftsStore({
    list: async () => ({ drafts: [...main.drafts.values()], notices: [] }),
    rename: async () => {
      throw new Error('not used')
    },
    remove: async () => ({ deleted: true as const }),
  })
  const entities = createEntitiesStore()
  const store = createBuilderStore({ port: main.port, drafts, clock, entities })
  return { main, clock, drafts, store, entities }
}

function failure(
  code: CreateFailure['error']['code'],
  message: string,
  extra: Partial<CreateFailure> = {},
): CreateFailure {
  return { ok: false, error: { code, message }, draft: null, idempotencyKey: null, fieldErrors: [], ...extra }
}

describe('orders store', () => {
  it('starts with the active connection and the newest open draft, and stops listening when the screen goes', async () => {
    const { main, store } = setup()
    main.view('drf_old', { ...emptyDraftContent('order'), orderNumber: 'A-1' })
    const stop = store.getState().start()
    await settle()
    expect(store.getState()).toMatchObject({ ready: true, draftId: 'drf_old', idempotencyKey: 'key-1' })
    expect(store.getState().connection?.label).toBe('Shop A')
    expect(main.listenerCount()).toBe(1)
    stop()
    expect(main.listenerCount()).toBe(0)
  })

  it('autosaves after the typing pause (one save for a burst of edits), and keeps the edit when saving fails', async () => {
    const { main, clock, store, drafts } = setup()
    store.getState().update((c) => ({ ...c, orderNumber: 'A' }))
    store.getState().update((c) => ({ ...c, orderNumber: 'A-1' }))
    expect(store.getState().saveState).toBe('pending')
    expect(clock.pending()).toBe(1)
    expect(clock.delays).toEqual([AUTOSAVE_DELAY_MS, AUTOSAVE_DELAY_MS])
    expect(main.calls).toEqual([])
    clock.runAll()
    await settle()
    expect(main.calls).toEqual(['drafts.save new'])
    expect(store.getState()).toMatchObject({ draftId: 'drf_1', saveState: 'saved', idempotencyKey: 'key-1' })
    expect(drafts.getState().drafts.map((d) => d.id)).toEqual(['drf_1'])

    main.state.saveFails = true
    store.getState().update((c) => ({ ...c, orderNumber: 'A-2' }))
    await store.getState().flush()
    expect(store.getState()).toMatchObject({ saveState: 'error', saveError: 'The keychain is locked.' })
    expect(store.getState().content.orderNumber).toBe('A-2')
    main.state.saveFails = false
    await store.getState().flush()
    expect(store.getState().saveState).toBe('saved')
    expect(main.drafts.get('drf_1')?.content.orderNumber).toBe('A-2')
  })

  it('create success: a new draft is saved first, then sent with its key; the draft becomes read-only', async () => {
    const { main, store, entities } = setup()
    main.state.create = async (input) => {
      const v = main.view(input.draftId, input.content ?? emptyDraftContent('order'), {
        at: '2026-01-01T00:00:02.000Z',
        orderId: 'ord_abc',
        paymentId: null,
      })
      return {
        ok: true,
        order: { id: 'ord_abc' },
        sentBody: {},
        draft: v,
        idempotencyKey: v.idempotencyKey,
      } as unknown as OrderCreated
    }
    store.getState().update((c) => ({ ...c, orderNumber: 'A-1' }))
    await store.getState().create()
    expect(main.calls).toEqual(['drafts.save new', 'orders.create drf_1'])
    expect(store.getState()).toMatchObject({ sending: false, error: null, archived: { orderId: 'ord_abc' } })
    expect(store.getState().result?.kind).toBe('order')
    // The order made is in the window's cache, where the order view opened from the result reads it.
    expect(entities.getState().orders['ord_abc']?.value).toMatchObject({ id: 'ord_abc' })
    // Read-only now: edits are refused, not queued.
    store.getState().update((c) => ({ ...c, orderNumber: 'changed' }))
    expect(store.getState().content.orderNumber).toBe('A-1')
  })

  it('create 422: the field the service names is highlighted with its message; nothing is archived', async () => {
    const { main, store } = setup()
    main.state.create = async () =>
      failure('api-error', 'The amount is higher than the maximum.', {
        idempotencyKey: 'key-1',
        fieldErrors: [{ path: 'lines.0.unitPrice', message: 'The amount is higher than the maximum.' }],
      })
    store.getState().update((c) => ({ ...c, orderNumber: 'A-1' }))
    await store.getState().create()
    const s = store.getState()
    expect(s.error?.message).toBe('The amount is higher than the maximum.')
    expect(s.archived).toBeNull()
    expect(s.result).toBeNull()
    expect(s.highlight?.target.path).toBe('lines.0.unitPrice')
    expect(s.highlight?.message).toBe('The amount is higher than the maximum.')
    // Editing makes the service's message stale.
    store.getState().update((c) => ({ ...c, orderNumber: 'A-2' }))
    expect(store.getState().highlight).toBeNull()
  })

  it('create 409: the key main says the next send carries replaces the shown one; a fresh key is asked for explicitly', async () => {
    const { main, store } = setup()
    const inputs: ChannelInput<'orders.create'>[] = []
    main.state.create = async (input) => {
      inputs.push(input)
      return failure('conflict', 'This key was already used for a different request.', { idempotencyKey: 'key-9' })
    }
    store.getState().update((c) => ({ ...c, orderNumber: 'A-1' }))
    await store.getState().create()
    expect(store.getState()).toMatchObject({ idempotencyKey: 'key-9', sending: false })
    expect(store.getState().error?.code).toBe('conflict')
    await store.getState().create({ newIdempotencyKey: true })
    expect(inputs.map((i) => i.newIdempotencyKey ?? false)).toEqual([false, true])
  })

  it('create network error: the call rejects, the error is shown, the draft and its key stay as they were', async () => {
    const { main, store } = setup()
    main.state.create = async () => {
      throw ipcError('api-error', 'The service could not be reached.', { kind: 'network', message: 'ECONNREFUSED' })
    }
    store.getState().update((c) => ({ ...c, orderNumber: 'A-1' }))
    await store.getState().create()
    expect(store.getState()).toMatchObject({
      sending: false,
      draftId: 'drf_1',
      idempotencyKey: 'key-1',
      archived: null,
    })
    expect(store.getState().error).toMatchObject({ code: 'api-error', message: 'The service could not be reached.' })
    expect(store.getState().content.orderNumber).toBe('A-1')
    // A second press while one is sending sends nothing more.
    let release!: () => void
    main.state.create = () =>
      new Promise((resolve) => {
        release = () => resolve(failure('internal', 'x'))
      })
    const first = store.getState().create()
    await settle()
    await store.getState().create()
    release()
    await first
    expect(main.calls.filter((c) => c.startsWith('orders.create'))).toHaveLength(2)
  })

  it('opening another draft drops the late answer of the previous one; a new draft starts empty', async () => {
    const { main, store } = setup()
    main.view('drf_a', { ...emptyDraftContent('order'), orderNumber: 'A' })
    main.view('drf_b', { ...emptyDraftContent('payment'), description: 'B' })
    let releaseA!: () => void
    const getDraft = main.port.getDraft
    main.port.getDraft = async (id) => {
      if (id === 'drf_a') await new Promise<void>((r) => (releaseA = r))
      return getDraft(id)
    }
    const openA = store.getState().openDraft('drf_a')
    await settle()
    await store.getState().openDraft('drf_b')
    releaseA()
    await openA
    expect(store.getState()).toMatchObject({ draftId: 'drf_b', content: { kind: 'payment', description: 'B' } })
    await store.getState().openDraft('drf_missing')
    expect(store.getState().error?.code).toBe('not-found')
    expect(store.getState().draftId).toBe('drf_b')
    await store.getState().newDraft('order')
    expect(store.getState()).toMatchObject({ draftId: null, idempotencyKey: null, content: emptyDraftContent('order') })
  })

  it('re-reads the active connection when connections change (and says so when it cannot)', async () => {
    const { main, store } = setup()
    const stop = store.getState().start()
    await settle()
    expect(store.getState().connection?.id).toBe('c1')
    main.state.active = connection('c2', 'Shop B')
    main.emitConnectionsChanged()
    await settle()
    expect(store.getState().connection?.label).toBe('Shop B')
    main.port.activeConnection = async () => {
      throw ipcError('keychain-unavailable', 'The keychain is locked.')
    }
    main.emitConnectionsChanged()
    await settle()
    expect(store.getState().connectionError).toBe('The keychain is locked.')
    stop()
  })

  it('switching a draft with nothing entered says nothing: there is nothing to keep, drop or undo', () => {
    const { store } = setup()
    store.getState().switchKind('payment')
    expect(store.getState().content.kind).toBe('payment')
    expect(store.getState().kindSwitch).toBeNull()
    store.getState().update((c) => ({ ...c, description: 'Mug' }))
    store.getState().switchKind('order')
    expect(store.getState().kindSwitch).toMatchObject({ to: 'order' })
  })

  it('the Order/Payment switch changes the same draft (saved under its id), says what it dropped, and can be undone', async () => {
    const { main, clock, store } = setup()
    store.getState().update((c) => ({ ...c, orderNumber: 'A-1', redirectUrl: 'https://shop.example/r' }))
    await store.getState().flush()
    expect(store.getState().draftId).toBe('drf_1')
    store.getState().switchKind('payment')
    expect(store.getState().content).toMatchObject({
      kind: 'payment',
      orderNumber: '',
      redirectUrl: 'https://shop.example/r',
    })
    expect(store.getState().kindSwitch).toMatchObject({ to: 'payment', dropped: ['Order number “A-1”'] })
    clock.runAll()
    await settle()
    expect(main.calls.filter((c) => c.startsWith('drafts.save'))).toEqual(['drafts.save new', 'drafts.save drf_1'])
    expect(main.drafts.size).toBe(1)
    expect(main.drafts.get('drf_1')?.content.kind).toBe('payment')
    store.getState().undoKindSwitch()
    expect(store.getState().content).toMatchObject({ kind: 'order', orderNumber: 'A-1' })
    expect(store.getState().kindSwitch).toBeNull()
    // Typing after a switch ends its Undo (it would take the typing back too).
    store.getState().switchKind('payment')
    store.getState().update((c) => ({ ...c, description: 'Mug' }))
    expect(store.getState().kindSwitch).toBeNull()
    store.getState().undoKindSwitch()
    expect(store.getState().content).toMatchObject({ kind: 'payment', description: 'Mug' })
  })

  it('a draft keeps the connection it was made for; after a switch it can be moved to the active one', async () => {
    const { main, store } = setup()
    const stop = store.getState().start()
    await settle()
    store.getState().update((c) => ({ ...c, orderNumber: 'A-1' }))
    await store.getState().flush()
    expect(store.getState().draftConnection).toEqual({ id: 'c1', label: 'Shop A' })
    main.state.active = connection('c2', 'Shop B')
    main.emitConnectionsChanged()
    await settle()
    // Still Shop A's draft, also after more typing is saved.
    store.getState().update((c) => ({ ...c, orderNumber: 'A-2' }))
    await store.getState().flush()
    expect(store.getState().draftConnection?.id).toBe('c1')
    expect(store.getState().connection?.id).toBe('c2')
    await store.getState().moveToActive()
    expect(main.calls).toContain('drafts.moveToActive drf_1')
    expect(store.getState().draftConnection).toEqual({ id: 'c2', label: 'Shop B' })
    stop()
  })
})

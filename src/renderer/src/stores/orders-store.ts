import { createStore, type StoreApi } from 'zustand/vanilla'
import type { ActiveConnectionView } from '../../../shared/ipc/connections'
import type { ChannelInput, ChannelOutput } from '../../../shared/ipc/contract'
import type { IpcErrorView } from '../../../shared/ipc/define'
import type { DraftArchiveInfo, DraftConnection, DraftView } from '../../../shared/ipc/drafts'
import { switchDraftKind } from '../../../shared/draft-kind'
import {
  emptyDraftContent,
  formTargetOf,
  nextOrderNumber,
  type CredentialShape,
  type DraftContent,
  type FormTarget,
} from '../../../shared/order-builder'
import type { CreateFailure, OrderCreated, PaymentCreated } from '../../../shared/ipc/orders'
import { isApiErrorView } from '../../../shared/api-error'
import type { DraftsState } from './drafts-store'

// The order builder's state: the draft being edited (autosaved, encrypted by main), the active
// connection (for profileId/testmode and the live guard), sending and its outcome. Created with the
// IPC port and the clock it uses (no module state), so its transitions are unit-tested without a
// browser; main decides every write, this store only asks.

/** What the builder asks main. A rejected call throws ipc-client's IpcError (code + view). */
export interface OrdersPort {
  activeConnection(): Promise<ChannelOutput<'connections.active'>>
  saveDraft(input: ChannelInput<'drafts.save'>): Promise<ChannelOutput<'drafts.save'>>
  getDraft(id: string): Promise<ChannelOutput<'drafts.get'>>
  /** Makes the draft belong to the active connection. */
  moveDraft(id: string): Promise<ChannelOutput<'drafts.moveToActive'>>
  createOrder(input: ChannelInput<'orders.create'>): Promise<ChannelOutput<'orders.create'>>
  createPayment(input: ChannelInput<'payments.create'>): Promise<ChannelOutput<'payments.create'>>
  /** Main's notice that connections changed; returns the unsubscribe. */
  onConnectionsChanged(listener: () => void): () => void
  /** The window is about to close (flush the draft); returns the unsubscribe. */
  onUnload(listener: () => void): () => void
}

/** The timers autosave uses (the window's in the app, a manual one in tests). */
export interface OrdersClock {
  setTimeout(run: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/** Autosave delay after the last keystroke. */
export const AUTOSAVE_DELAY_MS = 400

export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'error'

export type CreateResult = { kind: 'order'; value: OrderCreated } | { kind: 'payment'; value: PaymentCreated }

export interface Highlight {
  target: FormTarget
  /** The service's (or Inspector's) message for the field, shown beside it. */
  message: string | null
  nonce: number
}

/** The last Order/Payment switch of the open draft, until the agent edits on (Undo puts `previous` back). */
export interface KindSwitchNotice {
  previous: DraftContent
  to: DraftContent['kind']
  /** What the new kind does not send and was cleared, in the agent's words. */
  dropped: string[]
  /** What was carried over in another form. */
  moved: string[]
}

export interface OrdersState {
  ready: boolean
  connection: ActiveConnectionView | null
  connectionError: string | null
  draftId: string | null
  draftName: string
  /** The connection the open draft belongs to (null: not saved yet, or made before drafts kept it). */
  draftConnection: DraftConnection | null
  kindSwitch: KindSwitchNotice | null
  idempotencyKey: string | null
  content: DraftContent
  /** Set when the open draft already created something (read-only). */
  archived: DraftArchiveInfo | null
  saveState: SaveState
  saveError: string | null
  sending: boolean
  error: IpcErrorView | null
  result: CreateResult | null
  highlight: Highlight | null
  /** Line keys whose details row is open. */
  expanded: Record<string, boolean>
  start(): () => void
  update(change: (content: DraftContent) => DraftContent): void
  flush(): Promise<void>
  newDraft(kind: DraftContent['kind']): Promise<void>
  /** The Order/Payment switch: the same draft as the other kind (see shared/draft-kind.ts). */
  switchKind(kind: DraftContent['kind']): void
  undoKindSwitch(): void
  dismissKindSwitch(): void
  /** Makes the open draft belong to the active connection (after the agent chose to). */
  moveToActive(): Promise<void>
  openDraft(id: string): Promise<void>
  create(options?: { newIdempotencyKey?: boolean }): Promise<void>
  createAnother(): Promise<void>
  focusField(field: string, message?: string | null): void
  toggleExpanded(key: string, open?: boolean): void
  clearError(): void
}

export function credentialOf(connection: ActiveConnectionView | null): CredentialShape {
  if (!connection) return { kind: 'api-key', profileId: null, testmode: null }
  return { kind: connection.kind, profileId: connection.profileId, testmode: connection.testmode }
}

/** The view an IPC failure carries (ipc-client's IpcError, read by shape), or an internal one. */
function toView(error: unknown): IpcErrorView {
  const view = (error as { view?: unknown } | null)?.view
  if (error instanceof Error && typeof view === 'object' && view !== null && 'code' in view && 'message' in view) {
    return view as IpcErrorView
  }
  return { code: 'internal', message: error instanceof Error ? error.message : String(error) }
}

function failure(message: string): Error {
  return Object.assign(new Error(message), { view: { code: 'internal', message } })
}

export function createOrdersStore(options: {
  port: OrdersPort
  drafts: StoreApi<DraftsState>
  clock: OrdersClock
}): StoreApi<OrdersState> {
  const { port, drafts, clock } = options
  let saveTimer: unknown = null
  let saving: Promise<void> = Promise.resolve()
  let dirty = false
  /** Bumped when another draft is opened, so late answers for the old one are ignored. */
  let generation = 0
  let highlightNonce = 0
  let starts = 0
  let stopAll: (() => void) | null = null

  return createStore<OrdersState>((set, get) => {
    async function loadConnection(): Promise<void> {
      try {
        const connection = await port.activeConnection()
        set({ connection, connectionError: null })
      } catch (error) {
        set({ connectionError: toView(error).message })
      }
    }

    async function saveNow(): Promise<void> {
      if (!dirty) return
      const gen = generation
      const { content, draftId, archived } = get()
      if (archived) {
        dirty = false
        return
      }
      dirty = false
      set({ saveState: 'saving' })
      try {
        const view = await port.saveDraft(draftId ? { id: draftId, content } : { content })
        if (gen !== generation) return
        set({
          draftId: view.id,
          draftName: view.name,
          draftConnection: view.connection,
          idempotencyKey: view.idempotencyKey,
          saveState: dirty ? 'pending' : 'saved',
          saveError: null,
        })
        drafts.getState().upsert(view)
      } catch (error) {
        if (gen !== generation) return
        dirty = true
        set({ saveState: 'error', saveError: toView(error).message })
      }
    }

    function flush(): Promise<void> {
      if (saveTimer !== null) clock.clearTimeout(saveTimer)
      saveTimer = null
      saving = saving.then(saveNow)
      return saving
    }

    /** Every change of the open draft's content goes here: shown at once, saved after the pause. */
    function edit(content: DraftContent, kindSwitch: KindSwitchNotice | null): void {
      if (get().archived || get().sending) return
      // A service message beside a field is about the values it refused: editing makes it stale.
      const highlight = get().highlight
      set({ content, kindSwitch, saveState: 'pending', ...(highlight?.message ? { highlight: null } : {}) })
      dirty = true
      if (saveTimer !== null) clock.clearTimeout(saveTimer)
      saveTimer = clock.setTimeout(() => void flush(), AUTOSAVE_DELAY_MS)
    }

    function shown(view: DraftView): Partial<OrdersState> {
      return {
        draftId: view.id,
        draftName: view.name,
        draftConnection: view.connection,
        idempotencyKey: view.idempotencyKey,
        content: view.content,
        archived: view.archived,
      }
    }

    async function openLatestDraft(): Promise<void> {
      await drafts.getState().load()
      const open = drafts.getState().drafts.find((d) => !d.archived)
      if (open && get().draftId === null && !dirty) await get().openDraft(open.id)
    }

    return {
      ready: false,
      connection: null,
      connectionError: null,
      draftId: null,
      draftName: '',
      draftConnection: null,
      kindSwitch: null,
      idempotencyKey: null,
      content: emptyDraftContent('order'),
      archived: null,
      saveState: 'idle',
      saveError: null,
      sending: false,
      error: null,
      result: null,
      highlight: null,
      expanded: {},

      start() {
        starts++
        if (starts === 1) {
          const off = port.onConnectionsChanged(() => void loadConnection())
          const offUnload = port.onUnload(() => void flush())
          stopAll = () => {
            off()
            offUnload()
          }
          void Promise.all([loadConnection(), openLatestDraft().catch(() => {})]).then(() => set({ ready: true }))
        }
        return () => {
          starts--
          void flush()
          if (starts === 0) {
            stopAll?.()
            stopAll = null
          }
        }
      },

      update(change) {
        if (get().archived || get().sending) return
        // Undo of a kind switch would also take back what was typed after it: editing on ends it.
        edit(change(get().content), null)
      },

      switchKind(kind) {
        const previous = get().content
        if (previous.kind === kind) return
        const { content, dropped, moved } = switchDraftKind(previous, kind)
        edit(content, { previous, to: kind, dropped, moved })
      },

      undoKindSwitch() {
        const notice = get().kindSwitch
        if (notice) edit(notice.previous, null)
      },

      dismissKindSwitch() {
        set({ kindSwitch: null })
      },

      async moveToActive() {
        await flush()
        const { draftId } = get()
        if (!draftId) return
        const gen = generation
        try {
          const view = await port.moveDraft(draftId)
          if (gen !== generation) return
          set({ draftConnection: view.connection, error: null })
          drafts.getState().upsert(view)
        } catch (error) {
          if (gen !== generation) return
          set({ error: toView(error) })
        }
      },

      flush,

      async newDraft(kind) {
        await flush()
        generation++
        set({
          draftId: null,
          draftName: '',
          draftConnection: null,
          kindSwitch: null,
          idempotencyKey: null,
          content: emptyDraftContent(kind),
          archived: null,
          saveState: 'idle',
          saveError: null,
          error: null,
          result: null,
          highlight: null,
          expanded: {},
        })
      },

      async openDraft(id) {
        await flush()
        const gen = ++generation
        try {
          const view = await port.getDraft(id)
          if (gen !== generation) return
          set({
            ...shown(view),
            kindSwitch: null,
            saveState: 'saved',
            saveError: null,
            error: null,
            result: null,
            highlight: null,
            expanded: {},
          })
        } catch (error) {
          set({ error: toView(error) })
        }
      },

      async create(options = {}) {
        const state = get()
        if (state.sending || state.archived) return
        set({ sending: true, error: null, highlight: null })
        try {
          if (saveTimer !== null) clock.clearTimeout(saveTimer)
          saveTimer = null
          // A new draft must exist (and own its idempotency key) before it is sent.
          if (get().draftId === null) {
            dirty = true
            await flush()
          } else await saving
          const { draftId, content } = get()
          if (!draftId) throw failure(get().saveError ?? 'The draft could not be saved.')
          dirty = false
          const input = {
            draftId,
            content,
            ...(options.newIdempotencyKey ? { newIdempotencyKey: true } : {}),
          }
          // One round trip: success and failure both carry what the screen shows (no drafts.get after).
          const outcome: CreateResult | CreateFailure =
            content.kind === 'order'
              ? await port.createOrder(input).then((v) => (v.ok ? { kind: 'order' as const, value: v } : v))
              : await port.createPayment(input).then((v) => (v.ok ? { kind: 'payment' as const, value: v } : v))
          if ('ok' in outcome) {
            // The key may have changed (a definitive 4xx, then an edit): show the current one.
            set({
              sending: false,
              error: outcome.error,
              ...(outcome.idempotencyKey !== null ? { idempotencyKey: outcome.idempotencyKey } : {}),
            })
            const first = outcome.fieldErrors[0]
            if (first) get().focusField(first.path, first.message)
            return
          }
          set({
            sending: false,
            result: outcome,
            archived: outcome.value.draft.archived,
            idempotencyKey: outcome.value.idempotencyKey,
            saveState: 'saved',
          })
          void drafts.getState().load()
        } catch (error) {
          const view = toView(error)
          set({ sending: false, error: view })
          const api = isApiErrorView(view.api) ? view.api : null
          if (api?.field) get().focusField(api.field, api.detail ?? api.message)
          else if (view.issues?.[0]) get().focusField(view.issues[0].path, view.issues[0].message)
        }
      },

      async createAnother() {
        const { content } = get()
        const copy: DraftContent = structuredClone(content)
        if (copy.kind === 'order') copy.orderNumber = nextOrderNumber(copy.orderNumber)
        await get().newDraft(copy.kind)
        get().update(() => copy)
      },

      focusField(field, message = null) {
        const { content, connection } = get()
        const target = formTargetOf(field, content, { organizationToken: connection?.kind === 'organization-token' })
        if (!target) return
        const line = target.lineIndex !== null ? content.lines[target.lineIndex] : undefined
        set((s) => ({
          highlight: { target, message, nonce: ++highlightNonce },
          expanded: line && target.inLineDetails ? { ...s.expanded, [line.key]: true } : s.expanded,
        }))
      },

      toggleExpanded(key, open) {
        set((s) => ({ expanded: { ...s.expanded, [key]: open ?? !s.expanded[key] } }))
      },

      clearError() {
        set({ error: null })
      },
    }
  })
}

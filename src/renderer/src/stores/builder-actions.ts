import type { StoreApi } from 'zustand/vanilla'
import { isApiErrorView } from '../../../shared/api-error'
import type { IpcErrorView } from '../../../shared/ipc/define'
import type { DraftView } from '../../../shared/ipc/drafts'
import type { CreateFailure } from '../../../shared/ipc/orders'
import { emptyDraftContent, formTargetOf, type DraftContent } from '../../../shared/order-builder'
import type { DraftsState } from './drafts-store'
import type { EntitiesState } from './entities'
import type { StoreContext } from './store-context'
import {
  AUTOSAVE_DELAY_MS,
  type CreateResult,
  type KindSwitchNotice,
  type BuilderClock,
  type BuilderPort,
  type BuilderStoreState,
} from './builder-types'

// The order builder's actions that do more than set a field: each takes the store's context.

/** What the actions share: the store, its port, the drafts list, the clock, and the autosave's state. */
export interface BuilderContext extends StoreContext<BuilderStoreState, BuilderPort> {
  drafts: StoreApi<DraftsState>
  clock: BuilderClock
  /** The window's cache (entities.ts), where what was created is put. */
  entities: StoreApi<EntitiesState>
  saveTimer: unknown
  saving: Promise<void>
  dirty: boolean
  /** Bumped when another draft is opened, so late answers for the old one are ignored. */
  generation: number
  highlightNonce: number
  starts: number
  stopAll: (() => void) | null
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

async function loadConnection({ set, port }: BuilderContext): Promise<void> {
  try {
    const connection = await port.activeConnection()
    set({ connection, connectionError: null })
  } catch (error) {
    set({ connectionError: toView(error).message })
  }
}

async function saveNow(ctx: BuilderContext): Promise<void> {
  const { set, get, port } = ctx
  if (!ctx.dirty) return
  const gen = ctx.generation
  const { content, draftId, archived } = get()
  if (archived) {
    ctx.dirty = false
    return
  }
  ctx.dirty = false
  set({ saveState: 'saving' })
  try {
    const view = await port.saveDraft(draftId ? { id: draftId, content } : { content })
    if (gen !== ctx.generation) return
    set({
      draftId: view.id,
      draftName: view.name,
      draftConnection: view.connection,
      idempotencyKey: view.idempotencyKey,
      saveState: ctx.dirty ? 'pending' : 'saved',
      saveError: null,
    })
    ctx.drafts.getState().upsert(view)
  } catch (error) {
    if (gen !== ctx.generation) return
    ctx.dirty = true
    set({ saveState: 'error', saveError: toView(error).message })
  }
}

export function flushAutosave(ctx: BuilderContext): Promise<void> {
  if (ctx.saveTimer !== null) ctx.clock.clearTimeout(ctx.saveTimer)
  ctx.saveTimer = null
  ctx.saving = ctx.saving.then(() => saveNow(ctx))
  return ctx.saving
}

/** Every change of the open draft's content goes here: shown at once, saved after the pause. */
export function edit(ctx: BuilderContext, content: DraftContent, kindSwitch: KindSwitchNotice | null): void {
  const { set, get } = ctx
  if (get().archived || get().sending) return
  // A service message beside a field is about the values it refused: editing makes it stale.
  const highlight = get().highlight
  set({ content, kindSwitch, saveState: 'pending', ...(highlight?.message ? { highlight: null } : {}) })
  ctx.dirty = true
  if (ctx.saveTimer !== null) ctx.clock.clearTimeout(ctx.saveTimer)
  ctx.saveTimer = ctx.clock.setTimeout(() => void flushAutosave(ctx), AUTOSAVE_DELAY_MS)
}

function shown(view: DraftView): Partial<BuilderStoreState> {
  return {
    draftId: view.id,
    draftName: view.name,
    draftConnection: view.connection,
    idempotencyKey: view.idempotencyKey,
    content: view.content,
    archived: view.archived,
  }
}

async function openLatestDraft(ctx: BuilderContext): Promise<void> {
  const { drafts, get } = ctx
  await drafts.getState().load()
  const open = drafts.getState().drafts.find((d) => !d.archived)
  if (open && get().draftId === null && !ctx.dirty) await get().openDraft(open.id)
}

export function start(ctx: BuilderContext): () => void {
  const { port, set } = ctx
  ctx.starts++
  if (ctx.starts === 1) {
    const off = port.onConnectionsChanged(() => void loadConnection(ctx))
    const offUnload = port.onUnload(() => void flushAutosave(ctx))
    ctx.stopAll = () => {
      off()
      offUnload()
    }
    void Promise.all([loadConnection(ctx), openLatestDraft(ctx).catch(() => {})]).then(() => set({ ready: true }))
  }
  return () => {
    ctx.starts--
    void flushAutosave(ctx)
    if (ctx.starts === 0) {
      ctx.stopAll?.()
      ctx.stopAll = null
    }
  }
}

export async function moveToActive(ctx: BuilderContext): Promise<void> {
  const { set, get, port } = ctx
  await flushAutosave(ctx)
  const { draftId } = get()
  if (!draftId) return
  const gen = ctx.generation
  try {
    const view = await port.moveDraft(draftId)
    if (gen !== ctx.generation) return
    set({ draftConnection: view.connection, error: null })
    ctx.drafts.getState().upsert(view)
  } catch (error) {
    if (gen !== ctx.generation) return
    set({ error: toView(error) })
  }
}

export async function newDraft(ctx: BuilderContext, kind: DraftContent['kind']): Promise<void> {
  await flushAutosave(ctx)
  ctx.generation++
  ctx.set({
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
}

export async function openDraft(ctx: BuilderContext, id: string): Promise<void> {
  const { set, port } = ctx
  await flushAutosave(ctx)
  const gen = ++ctx.generation
  try {
    const view = await port.getDraft(id)
    if (gen !== ctx.generation) return
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
}

/** The open draft, saved first (a new draft must exist and own its idempotency key before it is sent). */
async function savedDraft(ctx: BuilderContext): Promise<{ draftId: string; content: DraftContent }> {
  const { get } = ctx
  if (ctx.saveTimer !== null) ctx.clock.clearTimeout(ctx.saveTimer)
  ctx.saveTimer = null
  if (get().draftId === null) {
    ctx.dirty = true
    await flushAutosave(ctx)
  } else await ctx.saving
  const { draftId, content } = get()
  if (!draftId) throw failure(get().saveError ?? 'The draft could not be saved.')
  ctx.dirty = false
  return { draftId, content }
}

/** What the service answered: the result, or its refusal with the first field it named focused. */
function showOutcome(ctx: BuilderContext, outcome: CreateResult | CreateFailure): void {
  const { set, get, drafts } = ctx
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
  // What was created is in the window's cache: the order or payment view opened from the result reads it there.
  const cache = ctx.entities.getState()
  if (outcome.kind === 'order') cache.put('orders', outcome.value.order.id, outcome.value.order)
  else cache.put('payments', outcome.value.payment.id, outcome.value.payment)
  set({
    sending: false,
    result: outcome,
    archived: outcome.value.draft.archived,
    idempotencyKey: outcome.value.idempotencyKey,
    saveState: 'saved',
  })
  void drafts.getState().load()
}

export async function create(ctx: BuilderContext, options: { newIdempotencyKey?: boolean } = {}): Promise<void> {
  const { set, get, port } = ctx
  const state = get()
  if (state.sending || state.archived) return
  set({ sending: true, error: null, highlight: null })
  try {
    const { draftId, content } = await savedDraft(ctx)
    const input = { draftId, content, ...(options.newIdempotencyKey ? { newIdempotencyKey: true } : {}) }
    // One round trip: success and failure both carry what the screen shows (no drafts.get after).
    const outcome: CreateResult | CreateFailure =
      content.kind === 'order'
        ? await port.createOrder(input).then((v) => (v.ok ? { kind: 'order' as const, value: v } : v))
        : await port.createPayment(input).then((v) => (v.ok ? { kind: 'payment' as const, value: v } : v))
    showOutcome(ctx, outcome)
  } catch (error) {
    const view = toView(error)
    set({ sending: false, error: view })
    const api = isApiErrorView(view.api) ? view.api : null
    if (api?.field) get().focusField(api.field, api.detail ?? api.message)
    else if (view.issues?.[0]) get().focusField(view.issues[0].path, view.issues[0].message)
  }
}

export function focusField(ctx: BuilderContext, field: string, message: string | null): void {
  const { content, connection } = ctx.get()
  const target = formTargetOf(field, content, { organizationToken: connection?.kind === 'organization-token' })
  if (!target) return
  const line = target.lineIndex !== null ? content.lines[target.lineIndex] : undefined
  ctx.set((s) => ({
    highlight: { target, message, nonce: ++ctx.highlightNonce },
    expanded: line && target.inLineDetails ? { ...s.expanded, [line.key]: true } : s.expanded,
  }))
}

import { createStore, type StoreApi } from 'zustand/vanilla'
import type { ActiveConnectionView } from '../../../shared/ipc/connections'
import { isUntouchedDraft, switchDraftKind } from '../../../shared/draft-kind'
import {
  emptyDraftContent,
  nextOrderNumber,
  type CredentialShape,
  type DraftContent,
} from '../../../shared/order-builder'
import type { DraftsState } from './drafts-store'
import type { EntitiesState } from './entities'
import {
  create,
  edit,
  flushAutosave,
  focusField,
  moveToActive,
  newDraft,
  openDraft,
  start,
  type BuilderContext,
} from './builder-actions'
import type { BuilderClock, BuilderPort, BuilderStoreState } from './builder-types'

export * from './builder-types'

// The order builder's state: the draft being edited (autosaved, encrypted by main), the active
// connection (for profileId/testmode and the live guard), sending and its outcome. Created with the
// IPC port and the clock it uses (no module state), so its transitions are unit-tested without a
// browser; main decides every write, this store only asks.

export function credentialOf(connection: ActiveConnectionView | null): CredentialShape {
  if (!connection) return { kind: 'api-key', profileId: null, testmode: null }
  return { kind: connection.kind, profileId: connection.profileId, testmode: connection.testmode }
}

export function createBuilderStore(options: {
  port: BuilderPort
  drafts: StoreApi<DraftsState>
  clock: BuilderClock
  /** The window's cache (entities.ts): an order or payment created here is put there for the other views. */
  entities: StoreApi<EntitiesState>
}): StoreApi<BuilderStoreState> {
  return createStore<BuilderStoreState>((set, get) => {
    const ctx: BuilderContext = {
      ...options,
      set,
      get,
      saveTimer: null,
      saving: Promise.resolve(),
      dirty: false,
      generation: 0,
      highlightNonce: 0,
      starts: 0,
      stopAll: null,
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
      start: () => start(ctx),
      update(change) {
        if (get().archived || get().sending) return
        // Undo of a kind switch would also take back what was typed after it: editing on ends it.
        edit(ctx, change(get().content), null)
      },
      switchKind(kind) {
        const previous = get().content
        if (previous.kind === kind) return
        const { content, dropped, moved } = switchDraftKind(previous, kind)
        // A draft with nothing entered has nothing to keep, drop or undo: no notice.
        edit(ctx, content, isUntouchedDraft(previous) ? null : { previous, to: kind, dropped, moved })
      },
      undoKindSwitch() {
        const notice = get().kindSwitch
        if (notice) edit(ctx, notice.previous, null)
      },
      dismissKindSwitch: () => set({ kindSwitch: null }),
      moveToActive: () => moveToActive(ctx),
      flush: () => flushAutosave(ctx),
      newDraft: (kind) => newDraft(ctx, kind),
      openDraft: (id) => openDraft(ctx, id),
      create: (createOptions) => create(ctx, createOptions),
      async createAnother() {
        const copy: DraftContent = structuredClone(get().content)
        if (copy.kind === 'order') copy.orderNumber = nextOrderNumber(copy.orderNumber)
        await get().newDraft(copy.kind)
        get().update(() => copy)
      },
      focusField: (field, message = null) => focusField(ctx, field, message),
      toggleExpanded: (key, open) => set((s) => ({ expanded: { ...s.expanded, [key]: open ?? !s.expanded[key] } })),
      clearError: () => set({ error: null }),
    }
  })
}

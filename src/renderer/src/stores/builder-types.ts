import type { ActiveConnectionView } from '../../../shared/ipc/connections'
import type { ChannelInput, ChannelOutput } from '../../../shared/ipc/contract'
import type { IpcErrorView } from '../../../shared/ipc/define'
import type { DraftArchiveInfo, DraftConnection } from '../../../shared/ipc/drafts'
import type { DraftContent, FormTarget } from '../../../shared/order-builder'
import type { OrderCreated, PaymentCreated } from '../../../shared/ipc/orders'

// The order builder's types (builder-store.ts creates the store, builder-actions.ts holds its actions).

/** What the builder asks main. A rejected call throws ipc-client's IpcError (code + view). */
export interface BuilderPort {
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
export interface BuilderClock {
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

export interface BuilderStoreState {
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

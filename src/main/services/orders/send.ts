import { createHash, randomUUID } from 'node:crypto'
import type { IpcErrorView } from '../../../shared/ipc/define'
import type { DraftSummary } from '../../../shared/ipc/drafts'
import type { CreateFailure, CreateFromDraftInput } from '../../../shared/ipc/orders'
import {
  buildDraftRequest,
  type BuiltRequest,
  type CredentialShape,
  type DraftContent,
} from '../../../shared/order-builder'
import { isApiError } from '../../api'
import { toIpcError, UserFacingError } from '../../errors'
import type { ActiveConnectionInfo } from '../connections'
import { archiveDraft, toSummary, withSavedContent, type DraftRecord } from '../drafts'
import { amountOf, customerOf, refuseEveryLiveWrite, requireLiveConfirmation, withCallbacks } from '../live-write-guard'
import type { OrdersClient, OrdersServiceOptions } from './types'

type Kind = DraftContent['kind']
type Built<K extends Kind> = Extract<BuiltRequest, { kind: K }>

/** One create in progress: the service's options, the screen's input, and the draft as last read or written. */
interface Sending {
  readonly options: OrdersServiceOptions
  readonly now: () => Date
  readonly input: CreateFromDraftInput
  record: DraftRecord | null
}

type SendOutcome<K extends Kind, R> =
  { ok: true; result: R; draft: DraftSummary; idempotencyKey: string; built: Built<K> } | CreateFailure

/** Statuses after which the same request will be refused again (not 408/429: those pass). */
export function isDefinitiveClientError(status: number | null): boolean {
  return status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429
}

/**
 * One create, in one round trip from the screen. The draft file is written at most twice: once
 * with the content as on screen (and a fresh key when needed), once with the outcome (used, or
 * the key spent on a refused body). Errors the user can act on come back as a CreateFailure
 * with the draft as it is now; anything else is thrown (an internal error, logged by the
 * dispatcher).
 */
export async function send<K extends Kind, R>(
  options: OrdersServiceOptions,
  kind: K,
  input: CreateFromDraftInput,
  run: (client: OrdersClient, built: Built<K>, key: string) => Promise<R>,
  archiveInfo: (result: R) => { orderId: string | null; paymentId: string | null },
): Promise<SendOutcome<K, R>> {
  const s: Sending = { options, now: options.now ?? (() => new Date()), input, record: null }
  try {
    const connection = await activeConnectionKeepingContent(s)
    const current = await options.drafts.read(input.draftId)
    s.record = current
    await refuseOtherOwner(s, current, connection)
    const { typed, record } = await prepareDraft(s, kind, current, connection)
    const key = record.idempotencyKey
    if (connection.isLive) await confirmLive(options, kind, connection, typed.body)
    const client = await options.connections.getClient(connection.id)
    const result = await sendWithKey(s, typed, key, () => run(client, typed, key))
    // Write 2: the draft is used.
    s.record = await options.drafts.update(input.draftId, (r) =>
      archiveDraft(r, { at: s.now().toISOString(), ...archiveInfo(result) }),
    )
    return { ok: true, result, draft: toSummary(s.record), idempotencyKey: key, built: typed }
  } catch (error) {
    if (!(error instanceof UserFacingError) && !isApiError(error)) throw error
    return failureOf(s, error)
  }
}

/** Saves the content as on screen (when the screen sent it) and returns the draft. */
async function saveContent(s: Sending): Promise<void> {
  const content = s.input.content
  if (content) {
    s.record = await s.options.drafts.update(s.input.draftId, (r) =>
      withSavedContent(r, { content }, s.now().toISOString()),
    )
  }
}

async function activeConnectionKeepingContent(s: Sending): Promise<ActiveConnectionInfo> {
  try {
    return await s.options.connections.activeConnection()
  } catch (error) {
    // Whatever happens next, nothing the user typed is lost.
    await saveContent(s)
    throw error
  }
}

/**
 * A draft goes only to the connection it was made for: with another one active, nothing is sent
 * (its content is still saved) and the agent chooses (switch back, or move the draft).
 */
async function refuseOtherOwner(s: Sending, current: DraftRecord, connection: ActiveConnectionInfo): Promise<void> {
  const owner = current.connection
  if (owner === null || owner.id === connection.id || current.archived) return
  await saveContent(s)
  throw new UserFacingError(
    'conflict',
    `Nothing was sent: this draft belongs to the connection “${owner.label}”, and “${connection.label}” is active. Switch back to “${owner.label}” under Connections, or move the draft to “${connection.label}”.`,
  )
}

/**
 * Write 1 (only when something changes): the content as on screen, and a new key after a
 * definitive 4xx for a different body, or when asked for one (a 409 for another request).
 * Returns the draft as written and the request to send, checked.
 */
async function prepareDraft<K extends Kind>(
  s: Sending,
  kind: K,
  current: DraftRecord,
  connection: ActiveConnectionInfo,
): Promise<{ typed: Built<K>; record: DraftRecord }> {
  const { input } = s
  let built: BuiltRequest | null = null
  const prepare = (r: DraftRecord): DraftRecord => {
    if (r.archived && !input.content) {
      throw new UserFacingError(
        'conflict',
        `This draft already created ${r.archived.orderId ?? r.archived.paymentId}. Use "Create another like this" for a new one.`,
      )
    }
    const saved = input.content ? withSavedContent(r, { content: input.content }, s.now().toISOString()) : r
    built = saved.content.kind === kind ? buildDraftRequest(saved.content, credentialOf(connection)) : null
    if (!built || built.localIssues.length > 0) return saved
    const print = fingerprint(built)
    if (input.newIdempotencyKey === true || (saved.keySpentOn !== null && saved.keySpentOn !== print)) {
      return { ...saved, idempotencyKey: randomUUID(), keySpentOn: null }
    }
    return saved
  }
  const record = prepare(current) === current ? current : await s.options.drafts.update(input.draftId, prepare)
  s.record = record
  const request = built as BuiltRequest | null
  if (!request || request.kind !== kind) {
    throw new UserFacingError('invalid-input', `This draft builds a ${record.content.kind}, not a ${kind}.`)
  }
  const typed = request as Built<K>
  if (typed.localIssues.length > 0) {
    throw new UserFacingError('invalid-input', `Not sent: ${typed.localIssues.map((i) => i.message).join(' ')}`, {
      issues: typed.localIssues.map((i) => ({ path: i.field, message: i.message })),
    })
  }
  return { typed, record }
}

/** Asked after the body is final: main's dialog shows exactly what will be sent. */
async function confirmLive(
  options: OrdersServiceOptions,
  kind: Kind,
  connection: ActiveConnectionInfo,
  body: Record<string, unknown>,
): Promise<void> {
  const lines = body['lines']
  await requireLiveConfirmation(options.liveWrites ?? refuseEveryLiveWrite, {
    connection: connection.label,
    action: kind === 'order' ? 'Create an order' : 'Create a payment',
    amount: amountOf(body['amount']),
    reference: String(body[kind === 'order' ? 'orderNumber' : 'description'] ?? '') || null,
    lineCount: Array.isArray(lines) ? lines.length : null,
    customer: customerOf(body),
    ...withCallbacks(body),
  })
}

/** Sends; after a definitive 4xx the key is marked spent on this body (write 2). */
async function sendWithKey<R>(s: Sending, typed: BuiltRequest, key: string, run: () => Promise<R>): Promise<R> {
  try {
    return await run()
  } catch (error) {
    if (isApiError(error) && error.kind === 'http' && isDefinitiveClientError(error.status)) {
      const print = fingerprint(typed)
      s.record = await s.options.drafts.update(s.input.draftId, (r) =>
        r.idempotencyKey === key ? { ...r, keySpentOn: print } : r,
      )
    }
    throw error
  }
}

async function failureOf(s: Sending, error: unknown): Promise<CreateFailure> {
  s.record ??= await s.options.drafts.read(s.input.draftId).catch(() => null)
  const view = toIpcError(error)
  return {
    ok: false,
    error: view,
    draft: s.record ? toSummary(s.record) : null,
    idempotencyKey: s.record?.idempotencyKey ?? null,
    fieldErrors: fieldErrorsOf(view),
  }
}

function fingerprint(built: BuiltRequest): string {
  return createHash('sha256')
    .update(JSON.stringify({ kind: built.kind, body: built.body, embed: built.embed }))
    .digest('hex')
}

function credentialOf(connection: ActiveConnectionInfo): CredentialShape {
  return { kind: connection.kind, profileId: connection.profileId, testmode: connection.testmode }
}

/** The fields a failed create names: the service's 422 `field`, or the builder's own issues. */
function fieldErrorsOf(view: IpcErrorView): CreateFailure['fieldErrors'] {
  if (view.issues && view.issues.length > 0) return view.issues.map((i) => ({ ...i }))
  const api = view.api as { field?: unknown; detail?: unknown } | undefined
  if (api && typeof api.field === 'string' && api.field !== '') {
    return [{ path: api.field, message: typeof api.detail === 'string' ? api.detail : view.message }]
  }
  return []
}

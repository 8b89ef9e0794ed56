import { randomBytes } from 'node:crypto'
import {
  checkBaseUrl,
  checkConnectionOptions,
  checkLabel,
  detectCredential,
  VISIBLE_TAIL,
} from '../../../shared/connection-rules'
import type { ActiveConnectionView, ConnectionView } from '../../../shared/ipc/connections'
import { UserFacingError } from '../../errors'
import {
  activeViewOf,
  changed,
  dropClient,
  exclusive,
  find,
  isKnown,
  load,
  persistConnections,
  storedView,
  type ConnectionsContext,
} from './context'
import { allowHost, invalid } from './host'
import { sealOf, type ConnectionsFile, type StoredConnection } from './store'
import { SANDBOX_CONNECTION_ID, SANDBOX_LABEL, type AddConnectionRequest, type ConnectionApiClient } from './types'

type Context = ConnectionsContext<ConnectionApiClient>

/** Keychain account prefix of connection ids; the data key's account is distinct from these. */
const ID_PREFIX = 'conn_'

/** Checks a new connection, asks about a foreign address, then saves the secret and its settings. */
export function addConnection(ctx: Context, request: AddConnectionRequest): Promise<ConnectionView> {
  return exclusive(ctx, async () => {
    const file = await load(ctx)
    const label = checkLabel(request.label)
    if (!label.ok) throw invalid('label', label.message)
    // The secret itself never appears in a message: the rules' messages do not quote it.
    const detected = detectCredential(request.secret)
    if (!detected.ok) throw invalid('secret', detected.message)
    const credential = detected.value
    const opts = checkConnectionOptions(credential.kind, request)
    if (!opts.ok) {
      const field = credential.kind === 'api-key' && !request.profileId?.trim() ? 'testmode' : 'profileId'
      throw invalid(field, opts.message)
    }
    const baseUrl = checkBaseUrl(request.baseUrl ?? ctx.defaultBaseUrl)
    if (!baseUrl.ok) throw invalid('baseUrl', baseUrl.message)
    checkLabelFree(file, label.value, null)
    const mode = credential.kind === 'api-key' ? credential.mode : opts.value.testmode ? 'test' : 'live'
    await allowHost(ctx, baseUrl.value, { kind: credential.kind, mode }, 'save', label.value)

    const id = newId(file)
    const stored: StoredConnection = {
      id,
      label: label.value,
      kind: credential.kind,
      mode,
      prefix: credential.prefix,
      last4: request.secret.slice(-VISIBLE_TAIL),
      profileId: opts.value.profileId,
      testmode: opts.value.testmode,
      baseUrl: baseUrl.value,
      createdAt: ctx.now().toISOString(),
      lastUsedAt: null,
    }
    stored.seal = sealOf(stored, request.secret)
    // Keychain first: if it is unavailable, nothing at all has been written.
    await ctx.options.secretStore.set(id, request.secret)
    try {
      await persistConnections(ctx, { ...file, connections: [...file.connections, stored] })
    } catch (error) {
      // Do not leave a secret in the keychain that no connection refers to.
      await ctx.options.secretStore.delete(id).catch(() => {})
      throw error
    }
    changed(ctx, file.activeId)
    return storedView(stored)
  })
}

export function renameConnection(ctx: Context, id: string, rawLabel: string): Promise<ConnectionView> {
  return exclusive(ctx, async () => {
    const file = await load(ctx)
    if (id === SANDBOX_CONNECTION_ID) throw new UserFacingError('conflict', 'The Sandbox connection cannot be renamed.')
    const current = find(file, id)
    const label = checkLabel(rawLabel)
    if (!label.ok) throw invalid('label', label.message)
    checkLabelFree(file, label.value, id)
    const next = { ...current, label: label.value }
    await persistConnections(ctx, { ...file, connections: file.connections.map((c) => (c.id === id ? next : c)) })
    changed(ctx, file.activeId)
    return storedView(next)
  })
}

export function removeConnection(ctx: Context, id: string): Promise<{ removed: true; activeId: string }> {
  return exclusive(ctx, async () => {
    const file = await load(ctx)
    if (id === SANDBOX_CONNECTION_ID) {
      throw new UserFacingError('conflict', 'The Sandbox connection is built in and cannot be removed.')
    }
    find(file, id)
    // The secret goes first: if the keychain is unavailable the connection stays listed (and
    // removable later) instead of leaving an orphaned secret behind.
    await ctx.options.secretStore.delete(id)
    const activeId = file.activeId === id ? SANDBOX_CONNECTION_ID : file.activeId
    await persistConnections(ctx, { ...file, activeId, connections: file.connections.filter((c) => c.id !== id) })
    ctx.lastWritten.delete(id)
    await dropClient(ctx, id)
    changed(ctx, activeId)
    return { removed: true as const, activeId }
  })
}

export function setActiveConnection(ctx: Context, id: string): Promise<ActiveConnectionView> {
  return exclusive(ctx, async () => {
    const file = await load(ctx)
    if (!isKnown(file, id)) find(file, id)
    if (file.activeId !== id) {
      await persistConnections(ctx, { ...file, activeId: id })
      changed(ctx, id)
    }
    return activeViewOf(ctx, await load(ctx))
  })
}

function newId(file: ConnectionsFile): string {
  for (;;) {
    const id = `${ID_PREFIX}${randomBytes(8).toString('hex')}`
    if (!isKnown(file, id)) return id
  }
}

function checkLabelFree(file: ConnectionsFile, label: string, exceptId: string | null): void {
  const key = label.toLocaleLowerCase()
  const taken =
    key === SANDBOX_LABEL.toLocaleLowerCase() ||
    file.connections.some((c) => c.id !== exceptId && c.label.toLocaleLowerCase() === key)
  if (taken) {
    throw new UserFacingError('conflict', `There is already a connection named “${label}”; choose another name.`)
  }
}

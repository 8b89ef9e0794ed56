import { randomBytes } from 'node:crypto'
import {
  checkBaseUrl,
  checkConnectionOptions,
  checkLabel,
  detectCredential,
  maskFromParts,
  maskSecret,
  VISIBLE_TAIL,
  type CredentialKind,
  type CredentialMode,
} from '../../shared/connection-rules'
import type { IpcErrorView } from '../../shared/ipc/define'
import type {
  ActiveConnectionView,
  ConnectionsListView,
  ConnectionTestResult,
  ConnectionView,
  ProfileChoice,
} from '../../shared/ipc/connections'
import { toIpcError, UserFacingError } from '../ipc/errors'
import type { SecretStore } from '../secrets/secret-store'
import type { EventBus } from './event-bus'
import {
  connectionsFilePath,
  EDITED_REASON,
  labelOf,
  loadConnectionsFile,
  saveConnectionsFile,
  sealMatches,
  sealOf,
  setAsideNotice,
  type ConnectionsFile,
  type StoredConnection,
} from './connections-store'
import { askMain, foreignHostQuestion, type QuestionPort } from './main-questions'
import { backupFile } from '../storage/atomic-file'

export const SANDBOX_CONNECTION_ID = 'sandbox'
export const SANDBOX_LABEL = 'Sandbox'

/**
 * The production service's base address. Not named in the spec ({base_url}, spec 9.1 only says it
 * ends in v2): a placeholder kept in this one place; a connection may carry its own `baseUrl`.
 */
export const DEFAULT_API_BASE_URL = 'https://api.payments.example/v2'

/** What the API client is handed to authenticate a request (spec 5). Read per request, never kept. */
export interface ConnectionCredential {
  secret: string
  kind: CredentialKind
  profileId?: string
  testmode?: boolean
}

export interface ConnectionClientOptions {
  connectionId: string
  baseUrl: string
  getCredential: () => Promise<ConnectionCredential>
}

/** The part of the API client this service needs: one cheap READ for `test()`. */
export interface ConnectionApiClient {
  listPayments(
    query: { limit?: number },
    options?: { priority?: 'user' | 'background'; origin?: { screen: string; action: string } },
  ): Promise<unknown>
  /** The profiles an organization access token can act for (GET /v2/profiles). */
  listProfiles?(options?: {
    priority?: 'user' | 'background'
    origin?: { screen: string; action: string }
  }): Promise<{ _embedded: { profiles: { id: string; name: string; website: string; mode: string }[] } }>
  dispose?(): void | Promise<void>
}

/** The in-process sandbox as returned by `startSandbox` (src/sandbox). */
export interface RunningSandboxLike {
  baseUrl: string
  origin: string
  profileId: string
  credentials: { secret: string; kind: string; mode?: string }[]
  close(): Promise<void> | void
}

export interface ConnectionsServiceOptions<C extends ConnectionApiClient> {
  dataDir: string
  secretStore: SecretStore
  sandbox: { start: () => Promise<RunningSandboxLike> }
  createClient: (options: ConnectionClientOptions) => C
  events: Pick<EventBus, 'emit'>
  /** Called with the sandbox's origin once it runs, so its checkout page may be opened. */
  allowOrigin?: (origin: string) => void
  defaultBaseUrl?: string
  clock?: () => Date
  /**
   * Main's own questions (a native dialog in the app). A key is sent to an address that is neither
   * the default API address nor the built-in Sandbox only after the person said yes here; without a
   * port such an address is refused.
   */
  questions?: QuestionPort
}

export interface AddConnectionRequest {
  label: string
  secret: string
  profileId?: string | null
  testmode?: boolean | null
  baseUrl?: string | null
}

/** Metadata only, for the live guard and the order builder. */
export type ActiveConnectionInfo = Pick<
  ConnectionView,
  'id' | 'label' | 'kind' | 'mode' | 'profileId' | 'testmode' | 'builtIn'
> & { isLive: boolean }

export interface ConnectionsService<C extends ConnectionApiClient = ConnectionApiClient> {
  list(): Promise<ConnectionsListView>
  add(request: AddConnectionRequest): Promise<ConnectionView>
  rename(id: string, label: string): Promise<ConnectionView>
  remove(id: string): Promise<{ removed: true; activeId: string }>
  setActive(id: string): Promise<ActiveConnectionView>
  test(id: string): Promise<ConnectionTestResult>
  /** The profiles a token about to be added can act for, fetched with it (nothing is stored). */
  profiles(request: { secret: string; baseUrl?: string | null }): Promise<{ profiles: ProfileChoice[] }>
  /**
   * Notes that a request through this connection got an answer the service accepted (2xx): "Last
   * used" means used successfully, so a failed test or a refused key never stamps it.
   */
  markUsed(id: string): void
  activeView(): Promise<ActiveConnectionView>
  activeConnection(): Promise<ActiveConnectionInfo>
  getActiveClient(): Promise<C>
  getClient(id: string): Promise<C>
  dispose(): Promise<void>
}

/** Last-used times are written at most this often per connection (not on every request). */
const LAST_USED_WRITE_INTERVAL_MS = 60_000
/** Keychain account prefix of connection ids; the data key's account is distinct from these. */
const ID_PREFIX = 'conn_'

export function createConnectionsService<C extends ConnectionApiClient>(
  options: ConnectionsServiceOptions<C>,
): ConnectionsService<C> {
  const { dataDir, secretStore, events } = options
  const now = options.clock ?? (() => new Date())
  const defaultBaseUrl = options.defaultBaseUrl ?? DEFAULT_API_BASE_URL
  const createdAt = now().toISOString()

  let state: ConnectionsFile | null = null
  let notice: string | null = null
  let loading: Promise<ConnectionsFile> | null = null
  let sandboxLastUsed: string | null = null
  let sandbox: Promise<RunningSandboxLike> | null = null
  let sandboxCredential: { secret: string; kind: CredentialKind; mode: CredentialMode } | null = null
  let sandboxBaseUrl: string | null = null
  const clients = new Map<string, Promise<C>>()
  const lastWritten = new Map<string, number>()
  let chain: Promise<unknown> = Promise.resolve()

  function load(): Promise<ConnectionsFile> {
    if (state) return Promise.resolve(state)
    loading ??= loadConnectionsFile(dataDir).then(
      (loaded) => {
        notice = loaded.notice
        state = loaded.file ?? { version: 1, activeId: SANDBOX_CONNECTION_ID, connections: [] }
        if (!isKnown(state, state.activeId)) state.activeId = SANDBOX_CONNECTION_ID
        return state
      },
      (error) => {
        loading = null
        throw error
      },
    )
    return loading
  }

  /** Mutations run one at a time, so two quick adds cannot lose each other's write. */
  function exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = chain.then(task, task)
    chain = run.catch(() => {})
    return run
  }

  function isKnown(file: ConnectionsFile, id: string): boolean {
    return id === SANDBOX_CONNECTION_ID || file.connections.some((c) => c.id === id)
  }

  function find(file: ConnectionsFile, id: string): StoredConnection {
    const found = file.connections.find((c) => c.id === id)
    if (!found) throw new UserFacingError('not-found', 'That connection no longer exists; the list has been refreshed.')
    return found
  }

  async function persist(next: ConnectionsFile): Promise<void> {
    await saveConnectionsFile(dataDir, next)
    state = next
  }

  function sandboxView(): ConnectionView {
    return {
      id: SANDBOX_CONNECTION_ID,
      label: SANDBOX_LABEL,
      kind: sandboxCredential?.kind ?? 'api-key',
      mode: sandboxCredential?.mode ?? 'test',
      profileId: null,
      testmode: null,
      masked: sandboxCredential ? maskSecret(sandboxCredential.secret) : 'test_…',
      baseUrl: sandboxBaseUrl,
      createdAt,
      lastUsedAt: sandboxLastUsed,
      builtIn: true,
    }
  }

  function storedView(c: StoredConnection): ConnectionView {
    return {
      id: c.id,
      label: c.label,
      kind: c.kind,
      mode: c.mode,
      profileId: c.profileId,
      testmode: c.testmode,
      masked: maskFromParts(c.prefix, c.last4),
      baseUrl: c.baseUrl,
      createdAt: c.createdAt,
      lastUsedAt: c.lastUsedAt,
      builtIn: false,
    }
  }

  function viewOf(file: ConnectionsFile, id: string): ConnectionView {
    return id === SANDBOX_CONNECTION_ID ? sandboxView() : storedView(find(file, id))
  }

  function activeViewOf(file: ConnectionsFile): ActiveConnectionView {
    const view = viewOf(file, file.activeId)
    return { ...view, isLive: view.mode === 'live' }
  }

  function changed(activeId: string) {
    events.emit('connections.changed', { activeId })
  }

  function startSandbox(): Promise<RunningSandboxLike> {
    sandbox ??= options.sandbox.start().then(
      (running) => {
        const chosen = pickSandboxCredential(running)
        sandboxCredential = chosen
        sandboxBaseUrl = running.baseUrl
        options.allowOrigin?.(running.origin)
        return running
      },
      (error) => {
        sandbox = null // let the next use try again
        throw error
      },
    )
    return sandbox
  }

  /** Notes a successful use in memory; writes it to disk at most once a minute per connection. */
  function touch(id: string): void {
    const at = now()
    if (id === SANDBOX_CONNECTION_ID) {
      sandboxLastUsed = at.toISOString()
      return
    }
    const previous = lastWritten.get(id) ?? 0
    if (at.getTime() - previous < LAST_USED_WRITE_INTERVAL_MS) return
    lastWritten.set(id, at.getTime())
    void exclusive(async () => {
      const file = await load()
      if (!file.connections.some((c) => c.id === id)) return
      await persist({
        ...file,
        connections: file.connections.map((c) => (c.id === id ? { ...c, lastUsedAt: at.toISOString() } : c)),
      })
    }).catch(() => {
      // Only a convenience field; a failed write must not fail the request that used the key.
    })
  }

  async function credentialFor(id: string): Promise<ConnectionCredential> {
    if (id === SANDBOX_CONNECTION_ID) {
      await startSandbox()
      const cred = sandboxCredential
      if (!cred) throw new Error('The sandbox started without a credential to use.')
      return { secret: cred.secret, kind: cred.kind }
    }
    const file = await load()
    const meta = find(file, id)
    const secret = await secretStore.get(id)
    if (secret === null) {
      throw new UserFacingError(
        'not-found',
        `The keychain has no secret for “${meta.label}” (${maskFromParts(meta.prefix, meta.last4)}). ` +
          'If your keychain is locked, unlock it and try again; otherwise remove the connection and add it again.',
      )
    }
    await checkSeal(meta, secret)
    // The kind is the secret's own (checkSeal made sure the file says the same).
    const detected = detectCredential(secret)
    if (!detected.ok) throw new UserFacingError('conflict', 'The keychain holds no credential Paydesk recognises.')
    const credential: ConnectionCredential = { secret, kind: detected.value.kind }
    if (meta.kind === 'organization-token') {
      // Spec 5.4: tokens name the profile, and testmode only when it is on.
      credential.profileId = meta.profileId ?? undefined
      if (meta.testmode) credential.testmode = true
    }
    return credential
  }

  /**
   * The saved settings must be the ones the secret was added with (connections.json is a file anyone
   * with access to the data folder can edit): a missing or wrong seal, or a kind or mode the secret in
   * the keychain does not have, means the entry is set aside and the secret is not handed out at all.
   */
  async function checkSeal(meta: StoredConnection, secret: string): Promise<void> {
    const detected = detectCredential(secret)
    const sameCredential =
      detected.ok &&
      detected.value.kind === meta.kind &&
      detected.value.prefix === meta.prefix &&
      (detected.value.kind !== 'api-key' || detected.value.mode === meta.mode)
    if (sameCredential && sealMatches(meta, secret)) return
    await setAside(meta)
    throw new UserFacingError(
      'conflict',
      `The saved settings of ${labelOf(meta)} were changed outside Paydesk (they no longer match the credential ` +
        'they were added with, for example a different API address or mode), so Paydesk did not send its ' +
        'credential and set the connection aside. Add the connection again to use it.',
    )
  }

  /** Takes an entry out of use: out of the file (a copy of the file is kept) and out of the list. */
  async function setAside(meta: StoredConnection): Promise<void> {
    await exclusive(async () => {
      const file = await load()
      if (!file.connections.some((c) => c.id === meta.id)) return
      const backupPath = await backupFile(connectionsFilePath(dataDir)).catch(() => 'no copy could be made')
      const activeId = file.activeId === meta.id ? SANDBOX_CONNECTION_ID : file.activeId
      await persist({ ...file, activeId, connections: file.connections.filter((c) => c.id !== meta.id) })
      notice = setAsideNotice([{ label: labelOf(meta), reason: EDITED_REASON }], backupPath)
      changed(activeId)
    })
    await dropClient(meta.id)
  }

  /**
   * The default API address and the built-in Sandbox are Paydesk's own; any other address receives a
   * key only after main asked the person (foreignHostQuestion). Compared by origin.
   */
  async function allowHost(
    baseUrl: string,
    credential: { kind: CredentialKind; mode: CredentialMode | null },
    action: 'save' | 'list-profiles',
  ): Promise<void> {
    const origin = new URL(baseUrl).origin
    const own = () =>
      [defaultBaseUrl, sandboxBaseUrl].filter((u): u is string => u !== null).map((u) => new URL(u).origin)
    if (own().includes(origin)) return
    // The built-in Sandbox's address is known once it runs (it starts on first use).
    if (sandboxBaseUrl === null) await startSandbox().catch(() => null)
    if (own().includes(origin)) return
    const question = foreignHostQuestion({ host: new URL(baseUrl).host, ...credential, action })
    if ((await askMain(options.questions, question)) === 1) return
    throw new UserFacingError(
      'canceled',
      `Nothing was sent to ${new URL(baseUrl).host}: it is not the payment service's address, and sending a key ` +
        'there was not confirmed.',
    )
  }

  function clientFor(id: string): Promise<C> {
    // The promise is cached, not just the client: two callers racing through the sandbox's start
    // must end up with the same client.
    let pending = clients.get(id)
    if (!pending) {
      pending = (async () => {
        const file = await load()
        const baseUrl = id === SANDBOX_CONNECTION_ID ? (await startSandbox()).baseUrl : find(file, id).baseUrl
        // The client gets a function, not the secret: the secret is read from the store per
        // request and so never sits in an object that could be logged or serialized.
        return options.createClient({ connectionId: id, baseUrl, getCredential: () => credentialFor(id) })
      })()
      // Kept per connection: the client's rate-limit buckets are per merchant (spec 8.1.5).
      clients.set(id, pending)
      pending.catch(() => {
        if (clients.get(id) === pending) clients.delete(id)
      })
    }
    return pending
  }

  async function dropClient(id: string): Promise<void> {
    const pending = clients.get(id)
    clients.delete(id)
    const client = await pending?.catch(() => null)
    await client?.dispose?.()
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

  function invalid(path: string, message: string): UserFacingError {
    return new UserFacingError('invalid-input', message, { issues: [{ path, message }] })
  }

  return {
    async list() {
      const file = await load()
      return {
        connections: [sandboxView(), ...file.connections.map(storedView)],
        activeId: file.activeId,
        notice,
      }
    },

    add(request) {
      return exclusive(async () => {
        const file = await load()
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
        const baseUrl = checkBaseUrl(request.baseUrl ?? defaultBaseUrl)
        if (!baseUrl.ok) throw invalid('baseUrl', baseUrl.message)
        checkLabelFree(file, label.value, null)
        const mode = credential.kind === 'api-key' ? credential.mode : opts.value.testmode ? 'test' : 'live'
        await allowHost(baseUrl.value, { kind: credential.kind, mode }, 'save')

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
          createdAt: now().toISOString(),
          lastUsedAt: null,
        }
        stored.seal = sealOf(stored, request.secret)
        // Keychain first: if it is unavailable, nothing at all has been written.
        await secretStore.set(id, request.secret)
        try {
          await persist({ ...file, connections: [...file.connections, stored] })
        } catch (error) {
          // Do not leave a secret in the keychain that no connection refers to.
          await secretStore.delete(id).catch(() => {})
          throw error
        }
        changed(file.activeId)
        return storedView(stored)
      })
    },

    rename(id, rawLabel) {
      return exclusive(async () => {
        const file = await load()
        if (id === SANDBOX_CONNECTION_ID)
          throw new UserFacingError('conflict', 'The Sandbox connection cannot be renamed.')
        const current = find(file, id)
        const label = checkLabel(rawLabel)
        if (!label.ok) throw invalid('label', label.message)
        checkLabelFree(file, label.value, id)
        const next = { ...current, label: label.value }
        await persist({ ...file, connections: file.connections.map((c) => (c.id === id ? next : c)) })
        changed(file.activeId)
        return storedView(next)
      })
    },

    remove(id) {
      return exclusive(async () => {
        const file = await load()
        if (id === SANDBOX_CONNECTION_ID) {
          throw new UserFacingError('conflict', 'The Sandbox connection is built in and cannot be removed.')
        }
        find(file, id)
        // The secret goes first: if the keychain is unavailable the connection stays listed (and
        // removable later) instead of leaving an orphaned secret behind.
        await secretStore.delete(id)
        const activeId = file.activeId === id ? SANDBOX_CONNECTION_ID : file.activeId
        await persist({ ...file, activeId, connections: file.connections.filter((c) => c.id !== id) })
        lastWritten.delete(id)
        await dropClient(id)
        changed(activeId)
        return { removed: true as const, activeId }
      })
    },

    setActive(id) {
      return exclusive(async () => {
        const file = await load()
        if (!isKnown(file, id)) find(file, id)
        if (file.activeId !== id) {
          await persist({ ...file, activeId: id })
          changed(id)
        }
        return activeViewOf(await load())
      })
    },

    async profiles(request) {
      const detected = detectCredential(request.secret)
      if (!detected.ok) throw invalid('secret', detected.message)
      if (detected.value.kind !== 'organization-token') {
        throw invalid(
          'secret',
          'Only an organization access token (access_…) lists profiles; an API key belongs to one.',
        )
      }
      const baseUrl = checkBaseUrl(request.baseUrl ?? defaultBaseUrl)
      if (!baseUrl.ok) throw invalid('baseUrl', baseUrl.message)
      await allowHost(baseUrl.value, { kind: 'organization-token', mode: null }, 'list-profiles')
      // A client for this one question; the secret stays in this closure and is not stored.
      const client = options.createClient({
        connectionId: 'profiles-lookup',
        baseUrl: baseUrl.value,
        getCredential: async () => ({ secret: request.secret, kind: 'organization-token' }),
      })
      try {
        if (!client.listProfiles) throw new UserFacingError('conflict', 'This connection cannot list profiles.')
        const list = await client.listProfiles({
          priority: 'user',
          origin: { screen: 'connections', action: 'list profiles' },
        })
        return {
          profiles: list._embedded.profiles.map((p) => ({
            id: p.id,
            name: p.name,
            website: p.website,
            mode: p.mode === 'test' ? ('test' as const) : ('live' as const),
          })),
        }
      } finally {
        await client.dispose?.()
      }
    },

    markUsed(id) {
      touch(id)
    },

    async test(id) {
      const file = await load()
      if (!isKnown(file, id)) find(file, id)
      try {
        const client = await clientFor(id)
        // The user is waiting; the Inspector entry says which screen and action sent it.
        const result = await client.listPayments(
          { limit: 1 },
          { priority: 'user', origin: { screen: 'connections', action: 'test connection' } },
        )
        const view = viewOf(await load(), id)
        touch(id)
        return { ok: true, id, kind: view.kind, mode: view.mode, summary: summarize(view.mode, result) }
      } catch (error) {
        return { ok: false, id, error: await redactedErrorView(error, id) }
      }
    },

    async activeView() {
      return activeViewOf(await load())
    },

    async activeConnection() {
      const view = activeViewOf(await load())
      return {
        id: view.id,
        label: view.label,
        kind: view.kind,
        mode: view.mode,
        profileId: view.profileId,
        testmode: view.testmode,
        isLive: view.isLive,
        builtIn: view.builtIn,
      }
    },

    async getActiveClient() {
      const file = await load()
      return clientFor(file.activeId)
    },

    getClient: clientFor,

    async dispose() {
      for (const id of [...clients.keys()]) await dropClient(id)
      const running = sandbox
      sandbox = null
      if (running) await (await running.catch(() => null))?.close()
      await chain
    },
  }

  /**
   * The error as the renderer will see it, with one more safety net: should any text in it
   * contain the connection's secret, it is replaced by the masked form.
   */
  async function redactedErrorView(error: unknown, id: string): Promise<IpcErrorView> {
    const view = errorViewOf(error)
    let secret: string | null = null
    try {
      secret = id === SANDBOX_CONNECTION_ID ? (sandboxCredential?.secret ?? null) : await secretStore.get(id)
    } catch {
      secret = null
    }
    return secret ? redact(view, secret, maskSecret(secret)) : view
  }
}

function pickSandboxCredential(running: RunningSandboxLike): {
  secret: string
  kind: CredentialKind
  mode: CredentialMode
} {
  // The Sandbox connection uses the sandbox's test API key (no profileId needed, spec 5.3).
  const keys = running.credentials
    .map((c) => ({ secret: c.secret, detected: detectCredential(c.secret) }))
    .filter((c) => c.detected.ok && c.detected.value.kind === 'api-key')
  const chosen =
    keys.find((c) => c.detected.ok && c.detected.value.kind === 'api-key' && c.detected.value.mode === 'test') ??
    keys[0]
  if (!chosen || !chosen.detected.ok || chosen.detected.value.kind !== 'api-key') {
    throw new UserFacingError('not-found', 'The local sandbox started without an API key Paydesk can use.')
  }
  return { secret: chosen.secret, kind: 'api-key', mode: chosen.detected.value.mode }
}

function errorViewOf(error: unknown): IpcErrorView {
  const viewable = error as { toIpcError?: () => IpcErrorView; toView?: () => unknown; message?: unknown }
  if (typeof viewable?.toIpcError === 'function') return viewable.toIpcError()
  if (typeof viewable?.toView === 'function' && typeof viewable.message === 'string') {
    return { code: 'api-error', message: viewable.message, api: viewable.toView() }
  }
  return toIpcError(error)
}

function redact<T>(value: T, secret: string, replacement: string): T {
  if (typeof value === 'string') return value.split(secret).join(replacement) as T
  if (Array.isArray(value)) return value.map((v) => redact(v, secret, replacement)) as T
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redact(v, secret, replacement)])) as T
  }
  return value
}

function summarize(mode: CredentialMode, result: unknown): string {
  const count = countOf(result)
  const where = `Connected in ${mode} mode`
  if (count === null) return `${where}; the service accepted the credential.`
  return count === 0
    ? `${where}; the service accepted the credential (no payments yet).`
    : `${where}; the service accepted the credential and payments are readable.`
}

/** The list's `count` (spec 4.3), whether the client returns the list or wraps it in `data`. */
function countOf(result: unknown): number | null {
  const r = result as { count?: unknown; data?: { count?: unknown } } | null
  if (typeof r?.count === 'number') return r.count
  if (typeof r?.data?.count === 'number') return r.data.count
  return null
}

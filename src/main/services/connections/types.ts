import type { CredentialKind } from '../../../shared/connection-rules'
import type {
  ActiveConnectionView,
  ConnectionsListView,
  ConnectionTestResult,
  ConnectionView,
  ProfileChoice,
} from '../../../shared/ipc/connections'
import type { SecretStore } from '../../secrets/secret-store'
import type { EventBus } from '../event-bus'
import type { QuestionPort } from '../main-questions'

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

/** The in-process sandbox as returned by `startBuiltInSandbox` (src/sandbox). */
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

import { z } from 'zod'
import {
  MAX_LABEL_LENGTH,
  MAX_PROFILE_ID_LENGTH,
  MAX_SECRET_LENGTH,
  type CredentialKind,
  type CredentialMode,
} from '../connection-rules'
import { defineChannel, type IpcErrorView } from './define'

/**
 * What the renderer sees of a connection: metadata and the masked credential (`live_…a1b2`).
 * Never the secret: it crosses IPC once, renderer → main, inside `connections.add`.
 */
export interface ConnectionView {
  id: string
  label: string
  kind: CredentialKind
  /** The mode requests run in: the key's own, or the token's testmode (live unless set, spec 5.4). */
  mode: CredentialMode
  profileId: string | null
  testmode: boolean | null
  /** `test_…a1b2`; for the Sandbox before its first use only `test_…`. */
  masked: string
  /** The API base address (ends in /v2, spec 9.1); null for the Sandbox until it first runs. */
  baseUrl: string | null
  createdAt: string
  lastUsedAt: string | null
  /** The Sandbox connection: always present, not removable, secret only in memory. */
  builtIn: boolean
}

export interface ActiveConnectionView extends ConnectionView {
  isLive: boolean
}

export interface ConnectionsListView {
  connections: ConnectionView[]
  activeId: string
  /** Set when the saved connections could not be read (e.g. a damaged file was set aside). */
  notice: string | null
}

export type ConnectionTestResult =
  | { ok: true; id: string; kind: CredentialKind; mode: CredentialMode; summary: string }
  | { ok: false; id: string; error: IpcErrorView }

const connectionIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a connection id.')

const labelSchema = z
  .string()
  .min(1)
  .max(MAX_LABEL_LENGTH * 2)

const addConnectionInput = z
  .object({
    label: labelSchema,
    // Only bounded here; the prefix rules (connection-rules.ts) run in main with careful wording.
    secret: z.string().min(1).max(MAX_SECRET_LENGTH),
    profileId: z.string().max(MAX_PROFILE_ID_LENGTH).nullish(),
    testmode: z.boolean().nullish(),
    /** Defaults to the service's address; an http://127.0.0.1 address points at a local sandbox. */
    baseUrl: z.string().min(1).max(2048).nullish(),
  })
  .strict()

const renameConnectionInput = z.object({ id: connectionIdSchema, label: labelSchema }).strict()
const connectionIdInput = z.object({ id: connectionIdSchema }).strict()

export type AddConnectionInput = z.output<typeof addConnectionInput>

const profilesInput = z
  .object({
    secret: z.string().min(1).max(MAX_SECRET_LENGTH),
    baseUrl: z.string().min(1).max(2048).nullish(),
  })
  .strict()

/** A profile an organization token can act for, as the add form offers it. */
export interface ProfileChoice {
  id: string
  name: string
  website: string
  mode: 'test' | 'live'
}

export const connectionChannels = {
  'connections.list': defineChannel<ConnectionsListView>()(z.undefined()),
  'connections.add': defineChannel<ConnectionView>()(addConnectionInput),
  'connections.rename': defineChannel<ConnectionView>()(renameConnectionInput),
  'connections.remove': defineChannel<{ removed: true; activeId: string }>()(connectionIdInput),
  'connections.setActive': defineChannel<ActiveConnectionView>()(connectionIdInput),
  'connections.test': defineChannel<ConnectionTestResult>()(connectionIdInput),
  /** GET /v2/profiles with a token that is being added (organization access tokens). */
  'connections.profiles': defineChannel<{ profiles: ProfileChoice[] }>()(profilesInput),
  'connections.active': defineChannel<ActiveConnectionView>()(z.undefined()),
}

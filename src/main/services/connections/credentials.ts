import { detectCredential, maskFromParts } from '../../../shared/connection-rules'
import { UserFacingError } from '../../errors'
import { backupFile } from '../../storage/atomic-file'
import { changed, dropClient, exclusive, find, load, persistConnections, type ConnectionsContext } from './context'
import { startBuiltInSandbox } from './sandbox'
import {
  connectionsFilePath,
  EDITED_REASON,
  labelOf,
  sealMatches,
  setAsideNotice,
  type StoredConnection,
} from './store'
import { SANDBOX_CONNECTION_ID, type ConnectionApiClient, type ConnectionCredential } from './types'

/** The credential a request through connection `id` is sent with, read from the keychain now. */
export async function credentialFor(
  ctx: ConnectionsContext<ConnectionApiClient>,
  id: string,
): Promise<ConnectionCredential> {
  if (id === SANDBOX_CONNECTION_ID) {
    await startBuiltInSandbox(ctx)
    const cred = ctx.sandboxCredential
    if (!cred) throw new Error('The sandbox started without a credential to use.')
    return { secret: cred.secret, kind: cred.kind }
  }
  const file = await load(ctx)
  const meta = find(file, id)
  const secret = await ctx.options.secretStore.get(id)
  if (secret === null) {
    throw new UserFacingError(
      'not-found',
      `The keychain has no secret for “${meta.label}” (${maskFromParts(meta.prefix, meta.last4)}). ` +
        'If your keychain is locked, unlock it and try again; otherwise remove the connection and add it again.',
    )
  }
  await checkSeal(ctx, meta, secret)
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
async function checkSeal(
  ctx: ConnectionsContext<ConnectionApiClient>,
  meta: StoredConnection,
  secret: string,
): Promise<void> {
  const detected = detectCredential(secret)
  const sameCredential =
    detected.ok &&
    detected.value.kind === meta.kind &&
    detected.value.prefix === meta.prefix &&
    (detected.value.kind !== 'api-key' || detected.value.mode === meta.mode)
  if (sameCredential && sealMatches(meta, secret)) return
  await setAside(ctx, meta)
  throw new UserFacingError(
    'conflict',
    `The saved settings of ${labelOf(meta)} were changed outside Paydesk (they no longer match the credential ` +
      'they were added with, for example a different API address or mode), so Paydesk did not send its ' +
      'credential and set the connection aside. Add the connection again to use it.',
  )
}

/** Takes an entry out of use: out of the file (a copy of the file is kept) and out of the list. */
async function setAside(ctx: ConnectionsContext<ConnectionApiClient>, meta: StoredConnection): Promise<void> {
  await exclusive(ctx, async () => {
    const file = await load(ctx)
    if (!file.connections.some((c) => c.id === meta.id)) return
    const backupPath = await backupFile(connectionsFilePath(ctx.options.dataDir)).catch(() => 'no copy could be made')
    const activeId = file.activeId === meta.id ? SANDBOX_CONNECTION_ID : file.activeId
    await persistConnections(ctx, { ...file, activeId, connections: file.connections.filter((c) => c.id !== meta.id) })
    ctx.notice = setAsideNotice([{ label: labelOf(meta), reason: EDITED_REASON }], backupPath)
    changed(ctx, activeId)
  })
  await dropClient(ctx, meta.id)
}

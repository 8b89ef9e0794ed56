import { z } from 'zod'
import { defineChannel } from './define'

export interface AppInfo {
  name: string
  version: string
  platform: string
  /** The runtime versions, so support staff can quote them in an escalation. */
  versions: { node: string; electron: string | null; chrome: string | null }
}

/** Only https, plus the sandbox's own checkout origin (checked in main). */
export const openExternalInput = z.object({ url: z.string().min(1).max(4096) }).strict()

export const appChannels = {
  'app.info': defineChannel<AppInfo>()(z.undefined()),
  'app.openExternal': defineChannel<{ opened: true }>()(openExternalInput),
}

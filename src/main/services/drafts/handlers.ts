import type { HandlersFor } from '../../../shared/ipc/define'
import type { draftChannels } from '../../../shared/ipc/drafts'
import type { DraftsStore } from './types'

/** The `drafts.*` IPC handlers. */
export function createDraftHandlers(store: DraftsStore): HandlersFor<typeof draftChannels> {
  return {
    'drafts.list': () => store.list(),
    'drafts.get': ({ id }) => store.get(id),
    'drafts.save': (input) => store.save(input),
    'drafts.rename': ({ id, name }) => store.rename(id, name),
    'drafts.delete': ({ id }) => store.delete(id),
    'drafts.moveToActive': ({ id }) => store.moveToActive(id),
  }
}

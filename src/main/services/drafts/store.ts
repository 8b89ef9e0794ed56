import { UserFacingError } from '../../errors'
import { createDraft, deleteDraft, readDraft, updateDraft } from './access'
import { createDraftsContext } from './context'
import { toSummary, toView, withSavedContent } from './format'
import { records } from './load'
import type { DraftsStore, DraftsStoreOptions } from './types'

/** The order builder's encrypted drafts: one context, the store's functions wired to it. */
export function createDraftsDiskStore(options: DraftsStoreOptions): DraftsStore {
  const ctx = createDraftsContext(options)
  const read = (id: string) => readDraft(ctx, id)
  const update: DraftsStore['update'] = (id, change) => updateDraft(ctx, id, change)
  return {
    directory: ctx.dir,
    async list() {
      const all = await records(ctx)
      const drafts = [...all.values()].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
      return { drafts, notices: [...ctx.notices] }
    },
    get: async (id) => toView(await read(id)),
    async save(input) {
      const at = ctx.now().toISOString()
      if (input.id === undefined) return createDraft(ctx, input, at)
      return toView(await update(input.id, (r) => withSavedContent(r, input, at)))
    },
    async rename(id, name) {
      const trimmed = name.trim()
      if (!trimmed) throw new UserFacingError('invalid-input', 'A draft name may not be empty.')
      return toSummary(
        await update(id, (r) => ({ ...r, name: trimmed, named: true, updatedAt: ctx.now().toISOString() })),
      )
    },
    delete: (id) => deleteDraft(ctx, id),
    async moveToActive(id) {
      const owner = (await options.owner?.()) ?? null
      return toView(await update(id, (r) => ({ ...r, connection: owner, updatedAt: ctx.now().toISOString() })))
    },
    read,
    update,
  }
}

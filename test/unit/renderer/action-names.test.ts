// "Actions" names one thing in the renderer (issue 47 item 4): a store's functions, kept in its
// `stores/<store>-actions.ts`. A refund, a cancel or a change of the service's objects is a *write*
// (`write-store.ts`, `PaymentWrites`, `WriteDialog`), a key's meaning an *effect* or a *shortcut*, a
// copy or open an *errand*. Fails on a file or a declared name that uses the word for anything else.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { filesUnder } from '../helpers/source-scan'

const root = path.resolve(import.meta.dirname, '../../..')
const RENDERER = path.join(root, 'src/renderer/src')

/** Declared names that keep the word, each for the one meaning: a store's actions. */
const STORE_ACTION_NAMES: Record<string, string> = {
  InspectorAction: "the names of the Inspector store's action functions",
  ListAction: "the payments list channel's own `action` field (what a list read is for)",
}

/** Files and declared names that use "action" for something other than a store's actions. */
export function otherActions(sources: { file: string; text: string }[]): string[] {
  const wrong: string[] = []
  for (const { file, text } of sources) {
    const name = path.posix.basename(file)
    if (/action/i.test(name) && !/^stores\/[a-z-]+-actions\.ts$/.test(file)) wrong.push(`${file}: file name`)
    const declared = /\b(?:function|const|let|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/g
    for (const [, id = ''] of text.matchAll(declared)) {
      if (/Action|^action/.test(id) && !(id in STORE_ACTION_NAMES)) wrong.push(`${file}: ${id}`)
    }
  }
  return wrong
}

describe('the word "actions" in the renderer', () => {
  it("names a store's actions only", () => {
    const sources = filesUnder(RENDERER, (f) => /\.(tsx?|css)$/.test(f))
      .map((full) => path.relative(RENDERER, full).split(path.sep).join('/'))
      .map((file) => ({ file, text: readFileSync(path.join(RENDERER, file), 'utf8') }))
    expect(sources.filter((s) => s.file.endsWith('-actions.ts')).length).toBeGreaterThan(10)
    expect(otherActions(sources)).toEqual([])
  })

  it('finds the word used for a write or a key (the check can fail)', () => {
    const planted: Record<string, string> = {
      'stores/payments-actions.ts': 'export async function loadMore(ctx) {}',
      'stores/actions-store.ts': 'export function createActionsStore() {}',
      'features/write-dialogs/PaymentWrites.tsx': 'function ActionButton() {}\ntype InspectorAction = 1',
      'lib/keyboard.ts': 'export function useActionKeys() {}',
    }
    expect(otherActions(Object.entries(planted).map(([file, text]) => ({ file, text })))).toEqual([
      'stores/actions-store.ts: file name',
      'stores/actions-store.ts: createActionsStore',
      'features/write-dialogs/PaymentWrites.tsx: ActionButton',
      'lib/keyboard.ts: useActionKeys',
    ])
  })
})

// One store shape in the renderer (issue 47 item 3): every `x-store.ts` in src/renderer/src/stores/ is
// created with a StoreContext, its actions in a file beside it that declares that context. Fails
// naming each store that is made another way.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const stores = path.resolve(import.meta.dirname, '../../../../src/renderer/src/stores')

/** Stores whose actions file is not named after the store, and why. */
const ACTIONS_FILE: Record<string, string> = {
  // The store keeps the name of main's `actions` domain; "actions-actions" would say nothing.
  'write-store.ts': 'write-actions.ts',
}

const CONTEXT = /(?:interface \w+ extends|type \w+ =) StoreContext</

function shapeProblems(): string[] {
  const files = new Set(readdirSync(stores))
  const problems: string[] = []
  for (const store of [...files].filter((f) => f.endsWith('-store.ts')).sort()) {
    const actions = ACTIONS_FILE[store] ?? store.replace(/-store\.ts$/, '-actions.ts')
    if (!files.has(actions)) {
      problems.push(`${store}: no ${actions} beside it`)
      continue
    }
    const actionsText = readFileSync(path.join(stores, actions), 'utf8')
    const storeText = readFileSync(path.join(stores, store), 'utf8')
    if (!CONTEXT.test(actionsText)) problems.push(`${actions}: declares no StoreContext`)
    if (!storeText.includes(`from './${actions.replace(/\.ts$/, '')}'`))
      problems.push(`${store}: does not use ${actions}`)
    const created = storeText.match(/createStore</g)?.length ?? 0
    const contexts = storeText.match(/const ctx: \w+ = \{/g)?.length ?? 0
    if (created === 0 || contexts < created) problems.push(`${store}: a store created without its context`)
  }
  return problems
}

describe('store shape', () => {
  it('every store is created with a StoreContext and its actions in an actions file beside it', () => {
    expect(shapeProblems()).toEqual([])
  })
})

// The import graph of src/ (issue 23 item 3): no cycles, and no import against the layer order.
// Layers: src/shared < src/sandbox, src/main, src/preload (main may use the sandbox's public entry);
// in main (issue 47 item 2) api, storage, secrets, errors.ts < services, search, team
// < app-services < ipc < the shell (index.ts, window.ts, desktop/, the protocol and Electron ports),
// and inside api the limiter and the clock < call/ < client-types.ts < resources/ < client.ts;
// in the renderer lib < stores < components < features < screens < the shell (App, main), and no
// feature imports another feature (issue 47 item 4; a screen composes them). Type-only imports count
// too: a cycle of types is a cycle of meaning. Fails naming each cycle or import.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { resolveImport } from './helpers/source-scan'

const root = path.resolve(import.meta.dirname, '../..')
const src = path.join(root, 'src')

function files(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) out.push(...files(full))
    else if (/\.(ts|tsx|mjs)$/.test(name) && !name.endsWith('.d.ts')) out.push(full)
  }
  return out
}

/** `import … from 'x'`, `export … from 'x'`, `import('x')` and a side-effect `import 'x'`. */
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g

/** What a file's text imports, by specifier. */
function importSpecifiers(text: string): string[] {
  return [...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3] ?? '')
}

export function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of files(src)) {
    const text = readFileSync(file, 'utf8')
    const targets: string[] = []
    for (const specifier of importSpecifiers(text)) {
      const target = resolveImport(file, specifier)
      if (target && target.startsWith(src)) targets.push(target)
    }
    graph.set(file, targets)
  }
  return graph
}

/** Strongly connected components of more than one file (or a file importing itself). */
export function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (v: string) => {
    index.set(v, counter)
    low.set(v, counter)
    counter++
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0))
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = []
      for (;;) {
        const w = stack.pop()
        if (w === undefined) break
        onStack.delete(w)
        component.push(w)
        if (w === v) break
      }
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component)
    }
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return found
}

const rel = (file: string) => path.relative(root, file).split(path.sep).join('/')

/**
 * Main's layers, lowest first: a file imports only files of its own layer or below. errors.ts (the
 * errors the services throw for the person) sits with the lowest.
 */
const MAIN_LAYERS: readonly (readonly string[])[] = [
  ['api', 'storage', 'secrets', 'errors.ts'],
  ['services', 'search', 'team'],
  ['app-services'],
  ['ipc'],
]

/** The layer of a file of src/main/: the first folder (or the file) names it; the rest is the shell. */
function mainLayerOf(r: string): { name: string; rank: number; area: string } {
  const top = r.replace(/^src\/main\//, '').split('/')[0] ?? ''
  const rank = MAIN_LAYERS.findIndex((layer) => layer.includes(top))
  return rank >= 0 ? { name: `main/${top}`, rank, area: 'main' } : { name: 'main shell', rank: 9, area: 'main' }
}

/**
 * Inside main/api, lowest first: the limiter and the clock (every file not named here), `call/` (what
 * sends one call), the client's shapes, `resources/` (the typed calls per resource), the client that
 * binds them, and the folder's entry.
 */
const API_ORDER: readonly string[] = ['call', 'client-types.ts', 'resources', 'client.ts', 'index.ts']

/** The rank of a file of src/main/api/ in API_ORDER (0: the limiter and the clock); null elsewhere. */
function apiRankOf(r: string): number | null {
  if (!r.startsWith('src/main/api/')) return null
  return API_ORDER.indexOf(r.replace(/^src\/main\/api\//, '').split('/')[0] ?? '') + 1
}

/** An import inside main/api against its own order. */
function againstApiOrder(from: string, to: string): boolean {
  const a = apiRankOf(rel(from))
  const b = apiRankOf(rel(to))
  return a !== null && b !== null && b > a
}

/** The layer a file belongs to, and the layers it may import. */
function layerOf(file: string): { name: string; rank: number; area: string } {
  const r = rel(file)
  if (r.startsWith('src/shared/')) return { name: 'shared', rank: 0, area: 'shared' }
  if (r.startsWith('src/sandbox/')) return { name: 'sandbox', rank: 1, area: 'sandbox' }
  if (r.startsWith('src/main/')) return mainLayerOf(r)
  if (r.startsWith('src/preload/')) return { name: 'preload', rank: 1, area: 'preload' }
  const renderer = r.replace(/^src\/renderer\/src\//, '')
  const order = ['lib', 'stores', 'components', 'features', 'screens']
  const [top = '', feature = ''] = renderer.split('/')
  const rank = order.indexOf(top)
  if (top === 'features') return { name: `features/${feature}`, rank: rank + 1, area: 'renderer' }
  return rank >= 0 ? { name: top, rank: rank + 1, area: 'renderer' } : { name: 'shell', rank: 9, area: 'renderer' }
}

/** Two different features: the wall between them (the same rank, but neither may import the other). */
const acrossFeatures = (a: string, b: string) => a !== b && a.startsWith('features/') && b.startsWith('features/')

export function backwardImports(graph: Map<string, string[]>): string[] {
  const wrong: string[] = []
  for (const [from, targets] of graph) {
    const a = layerOf(from)
    for (const to of targets) {
      const b = layerOf(to)
      const ok =
        b.area === 'shared' ||
        (a.area === b.area &&
          ((a.area !== 'renderer' && a.area !== 'main') || (b.rank <= a.rank && !acrossFeatures(a.name, b.name)))) ||
        (a.area === 'main' && rel(to) === 'src/sandbox/index.ts')
      if (!ok) wrong.push(`${rel(from)} (${a.name}) imports ${rel(to)} (${b.name})`)
      else if (againstApiOrder(from, to)) wrong.push(`${rel(from)} imports ${rel(to)} (against main/api's order)`)
    }
  }
  return wrong
}

/** The one module of the renderer that calls the IPC client: the stores' ports. */
const IPC_DOOR = 'src/renderer/src/stores/ipc-ports.ts'
const IPC_CLIENT = 'src/renderer/src/lib/ipc-client.ts'

/**
 * Imports of the IPC client, and reads of the preload's bridge (`window.paydesk`), outside the stores'
 * ports: components and features ask a store action, never main directly (issue 23 item 4).
 */
export function ipcDoorBreaches(graph: Map<string, string[]>, text: (file: string) => string): string[] {
  const wrong: string[] = []
  for (const [from, targets] of graph) {
    const r = rel(from)
    if (!r.startsWith('src/renderer/') || r === IPC_DOOR || r === IPC_CLIENT) continue
    if (targets.some((to) => rel(to) === IPC_CLIENT)) wrong.push(`${r} imports ${IPC_CLIENT}`)
    if (/\.paydesk\b/.test(text(from))) wrong.push(`${r} reads window.paydesk`)
  }
  return wrong
}

describe('the import graph of src/', () => {
  const graph = importGraph()

  it('reads every kind of import: named, type, re-export, dynamic and side-effect only', () => {
    const text = [
      "import { a } from './a'",
      "import type { B } from '../b'",
      "export { c } from './c'",
      "const d = await import('./d')",
      "import '../app-services/types'",
      "import './styles.css'",
    ].join('\n')
    expect(importSpecifiers(text)).toEqual(['./a', '../b', './c', './d', '../app-services/types', './styles.css'])
  })

  it('has no import cycle', () => {
    expect(cycles(graph).map((c) => c.map(rel).sort().join(' → '))).toEqual([])
  })

  it('imports only along the layer order', () => {
    expect(backwardImports(graph)).toEqual([])
  })

  it("lets only the stores' ports call the IPC client (components and features ask a store)", () => {
    expect(ipcDoorBreaches(graph, (file) => readFileSync(file, 'utf8'))).toEqual([])
  })

  it('finds a component or feature that calls the IPC client itself (the check can fail)', () => {
    const client = path.join(root, IPC_CLIENT)
    const button = path.join(src, 'renderer/src/components/Button.tsx')
    const screen = path.join(src, 'renderer/src/features/x/Screen.tsx')
    const door = path.join(root, IPC_DOOR)
    const toy = new Map([
      [button, [client]],
      [screen, []],
      [door, [client]],
    ])
    const texts = new Map([
      [button, "import { call } from '../lib/ipc-client'"],
      [screen, 'void (window as any).paydesk.payments.list()'],
      [door, "import { call } from '../lib/ipc-client'"],
    ])
    expect(ipcDoorBreaches(toy, (file) => texts.get(file) ?? '')).toEqual([
      'src/renderer/src/components/Button.tsx imports src/renderer/src/lib/ipc-client.ts',
      'src/renderer/src/features/x/Screen.tsx reads window.paydesk',
    ])
  })

  it('finds a cycle and a backward import when there is one (the check can fail)', () => {
    const a = path.join(src, 'renderer/src/lib/a.ts')
    const b = path.join(src, 'renderer/src/features/b/b.ts')
    const toy = new Map([
      [a, [b]],
      [b, [a]],
    ])
    expect(cycles(toy)).toHaveLength(1)
    expect(backwardImports(toy)).toEqual([
      'src/renderer/src/lib/a.ts (lib) imports src/renderer/src/features/b/b.ts (features/b)',
    ])
  })

  it('finds a feature importing another feature or a screen (the check can fail)', () => {
    const feature = (name: string) => path.join(src, `renderer/src/features/${name}`)
    const screen = path.join(src, 'renderer/src/screens/PaymentDetail.tsx')
    const component = path.join(src, 'renderer/src/components/ErrorBanner.tsx')
    const toy = new Map([
      [
        feature('customer/CustomerSections.tsx'),
        [feature('payments/format.ts'), feature('customer/text.ts'), component],
      ],
      [feature('order/OrderScreen.tsx'), [screen]],
      [screen, [feature('payments/PaymentStory.tsx'), feature('write-dialogs/PaymentWrites.tsx'), component]],
    ])
    expect(backwardImports(toy)).toEqual([
      'src/renderer/src/features/customer/CustomerSections.tsx (features/customer) imports src/renderer/src/features/payments/format.ts (features/payments)',
      'src/renderer/src/features/order/OrderScreen.tsx (features/order) imports src/renderer/src/screens/PaymentDetail.tsx (screens)',
    ])
  })

  it('counts app-stores.ts as the shell: a feature reaching for it is found (the check can fail)', () => {
    const r = (name: string) => path.join(src, `renderer/src/${name}`)
    const toy = new Map([
      [r('features/home/Home.tsx'), [r('app-stores.ts'), r('stores/window-stores.ts')]],
      [r('app-stores.ts'), [r('stores/window-stores.ts'), r('lib/help.ts')]],
      [r('App.tsx'), [r('app-stores.ts')]],
    ])
    expect(backwardImports(toy)).toEqual([
      'src/renderer/src/features/home/Home.tsx (features/home) imports src/renderer/src/app-stores.ts (shell)',
    ])
  })

  it("finds an import against main's own order, and lets one along it pass (the check can fail)", () => {
    const at = (r: string) => path.join(src, 'main', r)
    const toy = new Map([
      [at('services/refunds.ts'), [at('ipc/errors.ts'), at('api/client.ts'), at('errors.ts')]],
      [at('api/client.ts'), [at('search/service.ts'), at('api/resources/lists.ts'), at('api/call/call.ts')]],
      [at('api/call/call.ts'), [at('api/client-types.ts'), at('api/limiter.ts'), at('api/clock.ts')]],
      [at('api/resources/customers.ts'), [at('api/client.ts'), at('api/client-types.ts')]],
      [at('app-services/handlers.ts'), [at('services/refunds.ts'), at('index.ts')]],
      [at('ipc/dispatcher.ts'), [at('app-services/types.ts')]],
      [at('index.ts'), [at('ipc/dispatcher.ts'), at('desktop/menu.ts')]],
    ])
    expect(backwardImports(toy)).toEqual([
      'src/main/services/refunds.ts (main/services) imports src/main/ipc/errors.ts (main/ipc)',
      'src/main/api/client.ts (main/api) imports src/main/search/service.ts (main/search)',
      "src/main/api/call/call.ts imports src/main/api/client-types.ts (against main/api's order)",
      "src/main/api/resources/customers.ts imports src/main/api/client.ts (against main/api's order)",
      'src/main/app-services/handlers.ts (main/app-services) imports src/main/index.ts (main shell)',
    ])
  })
})

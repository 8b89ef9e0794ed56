// Every IPC handler in one kind of place (issue 47 item 2). A function that makes handlers (it returns
// `HandlersFor<…>`) lives in its domain's folder (services/<domain>/, search/ or team/), in
// handlers.ts or <part>-handlers.ts; the composition root (app-services/) only puts them together and
// answers no channel itself; neither a handler nor the composition root calls the API client (a service
// does, ARCHITECTURE.md "Where each kind of code goes"). Fails naming each handler out of place.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../../..')

/** A domain's handlers file: services/<domain>/, search/ or team/, named handlers.ts or *-handlers.ts. */
const HANDLERS_FILE = /^src\/main\/(services\/[a-z-]+|search|team)\/([a-z-]+-)?handlers\.ts$/
/** A function declared to return handlers of a part of the IPC contract. */
const MAKES_HANDLERS = /\)\s*:\s*HandlersFor</
/** A call of the API client: `(await x.getActiveClient()).getPayment(…)` or `client.getOrder(…)`. */
const CALLS_CLIENT =
  /\(await [\w.]+\.getActiveClient\(\)\)\.|\bclient\.(get|list|create|cancel|update|delete|refund)\w*\(/
/** A channel answered in place: an object key such as `'app.copy':`. */
const CHANNEL_KEY = /^\s*(['"])[a-z][A-Za-z]*\.[a-z][A-Za-z]*\1\s*:/m

function mainFiles(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) out.push(...mainFiles(full))
    else if (name.endsWith('.ts')) out.push(path.relative(root, full).split(path.sep).join('/'))
  }
  return out
}

function handlersOutOfPlace(files: readonly { path: string; text: string }[]): string[] {
  const wrong: string[] = []
  for (const { path: file, text } of files) {
    if (MAKES_HANDLERS.test(text) && !HANDLERS_FILE.test(file)) wrong.push(`${file} makes handlers`)
    if (file.startsWith('src/main/app-services/') && CHANNEL_KEY.test(text)) wrong.push(`${file} answers a channel`)
    if ((HANDLERS_FILE.test(file) || file.startsWith('src/main/app-services/')) && CALLS_CLIENT.test(text)) {
      wrong.push(`${file} calls the API client`)
    }
  }
  return wrong
}

describe("main's IPC handlers", () => {
  it("live in their domain's handlers file, and the composition root answers no channel itself", () => {
    const files = mainFiles(path.join(root, 'src/main')).map((file) => ({
      path: file,
      text: readFileSync(path.join(root, file), 'utf8'),
    }))
    expect(files.filter((f) => HANDLERS_FILE.test(f.path)).length).toBeGreaterThan(10)
    expect(handlersOutOfPlace(files)).toEqual([])
  })

  it('finds a handler out of place (the check can fail)', () => {
    const handlers = 'export function createXHandlers(s: S): HandlersFor<typeof xChannels> {'
    expect(
      handlersOutOfPlace([
        { path: 'src/main/services/x/handlers.ts', text: handlers },
        { path: 'src/main/services/x/recurring-handlers.ts', text: handlers },
        { path: 'src/main/services/customers-handlers.ts', text: handlers },
        { path: 'src/main/services/sending/index.ts', text: handlers },
        { path: 'src/main/app-services/handlers.ts', text: "  return {\n    'app.info': () => deps.appInfo," },
        { path: 'src/main/app-services/domain.ts', text: "  f.events.emit('payments.exportProgress', progress)" },
        {
          path: 'src/main/services/app/handlers.ts',
          text: '  const client = await options.getActiveClient()\n  await client.getOrder(id)',
        },
        {
          path: 'src/main/app-services/team.ts',
          text: '  read: async (id) => (await connections.getActiveClient()).getPayment(id),',
        },
        { path: 'src/main/services/app/mail-draft.ts', text: '  await client.getOrder(id, { priority })' },
      ]),
    ).toEqual([
      'src/main/services/customers-handlers.ts makes handlers',
      'src/main/services/sending/index.ts makes handlers',
      'src/main/app-services/handlers.ts answers a channel',
      'src/main/services/app/handlers.ts calls the API client',
      'src/main/app-services/team.ts calls the API client',
    ])
  })
})

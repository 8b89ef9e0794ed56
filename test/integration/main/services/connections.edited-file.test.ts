// Threat (issue 22 items 1–2): someone with write access to the data folder edits connections.json
// (removes or keeps the seal, relabels a live key as test, points the API address at a server they
// run); a compromised page asks main to send a key to a foreign host or to erase the request log.
// Real app services, a real HTTP client, and local servers that count every request they receive.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AppServices } from '../../../../src/main/app-services'
import type { MainQuestion } from '../../../../src/main/services/main-questions'
import { createMemorySecretStore } from '../../../helpers/memory-secret-store'
import { startTestApp, type TestApp } from '../../helpers/app-services'

const LIVE_KEY = 'live_EditedFileLiveKey0000001'
const TOKEN = 'access_EditedFileOrgToken00001'

interface Counting {
  url: string
  hits: string[]
  close(): Promise<void>
}

async function countingServer(): Promise<Counting> {
  const hits: string[] = []
  const server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`)
    res.writeHead(200, { 'content-type': 'application/hal+json' })
    res.end(JSON.stringify({ count: 0, _embedded: { payments: [], profiles: [] }, _links: {} }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}/v2`,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

let dir: string
let official: Counting
let attacker: Counting
let services: AppServices
let invoke: TestApp['invoke']
let questions: MainQuestion[]
let answers: number[]
const store = createMemorySecretStore()

async function open(): Promise<void> {
  ;({ services, invoke } = await startTestApp(dir, {
    dialogs: {
      chooseSavePath: async () => null,
      ask: async (question) => {
        questions.push(question)
        return answers.shift() ?? question.cancelId
      },
    },
    secretStore: store,
    // The "real service" of this test: adding a connection there needs no question.
    apiBaseUrl: official.url,
    liveWrites: { confirm: async () => false },
  }))
}

async function editFile(edit: (entry: Record<string, unknown>) => void): Promise<void> {
  await services.dispose()
  const path = join(dir, 'connections.json')
  const file = JSON.parse(await readFile(path, 'utf8')) as { connections: Record<string, unknown>[] }
  for (const entry of file.connections) edit(entry)
  await writeFile(path, JSON.stringify(file))
  await open()
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'paydesk-edited-'))
  official = await countingServer()
  attacker = await countingServer()
  questions = []
  answers = []
  await open()
})

afterEach(async () => {
  await services.dispose()
  await official.close()
  await attacker.close()
  await rm(dir, { recursive: true, force: true })
})

async function addLive(): Promise<string> {
  const added = await invoke('connections.add', { label: 'Shop live', secret: LIVE_KEY })
  expect(added.ok).toBe(true)
  expect(questions).toEqual([]) // the service's own address: no question
  return added.value.id
}

/** Everything an agent (or a page) could do with the active connection; none may reach a server. */
async function useEverything(id: string): Promise<void> {
  await invoke('connections.setActive', { id })
  await invoke('connections.test', { id })
  await invoke('payments.list', { sessionId: 's1', query: {} })
  await invoke('payments.refund', { paymentId: 'tr_aaaaaaaaaa', amount: { currency: 'EUR', value: '10.00' } })
}

describe('an edited connections.json never gets a key sent (issue 22 item 1)', () => {
  it('a removed seal, a live key relabelled as test and an address moved to loopback: set aside, 0 requests', async () => {
    const id = await addLive()
    await editFile((entry) => {
      delete entry['seal']
      entry['mode'] = 'test'
      entry['prefix'] = 'test_'
      entry['baseUrl'] = attacker.url
    })
    const list = await invoke('connections.list')
    expect(list.value.connections.map((c) => c.id)).toEqual(['sandbox'])
    expect(list.value.notice).toMatch(/set aside.*changed outside Paydesk/)
    await useEverything(id)
    expect(attacker.hits).toEqual([])
    expect(official.hits).toEqual([])
  })

  it('a removed seal alone (nothing else changed) is set aside the same way', async () => {
    const id = await addLive()
    await editFile((entry) => delete entry['seal'])
    expect((await invoke('connections.list')).value.notice).toMatch(/seal is missing or does not match/)
    await useEverything(id)
    expect(official.hits).toEqual([])
  })

  it('a kept seal with an edited address or mode: refused at first use, set aside with the same notice, 0 requests', async () => {
    const id = await addLive()
    await editFile((entry) => {
      entry['baseUrl'] = attacker.url
    })
    const tested = await invoke('connections.test', { id })
    expect(tested.value).toMatchObject({ ok: false })
    expect(JSON.stringify(tested.value.error)).toMatch(/changed outside Paydesk/)
    const list = await invoke('connections.list')
    expect(list.value.connections.map((c) => c.id)).toEqual(['sandbox'])
    expect(list.value.notice).toMatch(/seal is missing or does not match/)
    await useEverything(id)
    expect(attacker.hits).toEqual([])
  })

  it('an untouched entry still works (the check is not a blanket refusal)', async () => {
    const id = await addLive()
    await services.dispose()
    await open()
    const tested = await invoke('connections.test', { id })
    expect(tested.value).toMatchObject({ ok: true, mode: 'live' })
    expect(official.hits).toHaveLength(1)
  })
})

describe('no page-driven channel to arbitrary hosts (issue 22 item 2)', () => {
  it('connections.add with a foreign address is refused unless main’s own dialog says yes', async () => {
    const refused = await invoke('connections.add', { label: 'Elsewhere', secret: LIVE_KEY, baseUrl: attacker.url })
    expect(refused).toMatchObject({ ok: false, error: { code: 'canceled' } })
    expect(questions.map((q) => q.kind)).toEqual(['foreign-host'])
    expect(questions[0]?.message).toContain(new URL(attacker.url).host)
    expect(questions[0]?.message).toContain('LIVE API key')
    expect((await invoke('connections.list')).value.connections).toHaveLength(1)

    answers.push(1)
    const added = await invoke('connections.add', { label: 'Elsewhere', secret: LIVE_KEY, baseUrl: attacker.url })
    expect(added.ok).toBe(true)
    expect(attacker.hits).toEqual([])
  })

  it('connections.profiles with a foreign address sends the token only after a yes', async () => {
    const refused = await invoke('connections.profiles', { secret: TOKEN, baseUrl: attacker.url })
    expect(refused).toMatchObject({ ok: false, error: { code: 'canceled' } })
    expect(attacker.hits).toEqual([])
    answers.push(1)
    await invoke('connections.profiles', { secret: TOKEN, baseUrl: attacker.url })
    expect(attacker.hits).toHaveLength(1)
    // The service's own address is not asked about.
    const before = questions.length
    await invoke('connections.profiles', { secret: TOKEN })
    expect(questions).toHaveLength(before)
    expect(official.hits).toHaveLength(1)
  })

  it('requestLog.clear asks main’s dialog; a page cannot pass a confirmation', async () => {
    const id = await addLive()
    await invoke('connections.test', { id })
    await services.requestLog.flush()
    const forged = await invoke('requestLog.clear', { confirm: true })
    expect(forged).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
    const refused = await invoke('requestLog.clear', {})
    expect(refused).toMatchObject({ ok: false, error: { code: 'canceled' } })
    expect((await invoke('requestLog.list')).value.entries).toHaveLength(1)
    answers.push(1)
    expect(await invoke('requestLog.clear', {})).toMatchObject({ ok: true, value: { cleared: 1 } })
    expect(questions.filter((q) => q.kind === 'clear-request-log')).toHaveLength(2)
  })
})

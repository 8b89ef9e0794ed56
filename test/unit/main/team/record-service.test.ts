import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createRecordService, type RecordServiceOptions } from '../../../../src/main/team/record-service'
import { createTeamSettings, TEAM_PASSWORD_ACCOUNT } from '../../../../src/main/team/team-settings'
import type { NewActionRecord, RecordChange } from '../../../../src/shared/team-record'
import { createMemoryRecord, type MemoryRecord } from '../../../helpers/memory-record-store'
import { createMemorySecretStore } from '../../../helpers/memory-secret-store'

const payment = { kind: 'payment', id: 'tr_00000000AAAA' } as const

function refundRow(value: string): NewActionRecord {
  return {
    action: 'refund',
    object: payment,
    amount: { value, currency: 'EUR' },
    idempotencyKey: `key-${value}`,
    ticket: null,
    reason: null,
    outcome: { result: 'done', status: null, resultId: 're_1', summary: 'Refund: done.' },
  }
}

let dataDir: string
let shared: MemoryRecord
let changes: RecordChange[]

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'paydesk-record-service-'))
  shared = createMemoryRecord()
  changes = []
})

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

function service(overrides: Partial<RecordServiceOptions> = {}, secrets = createMemorySecretStore()) {
  return createRecordService({
    identity: { login: 'anna', desk: 'desk-a' },
    openDeskStore: async ({ login, desk }) => shared.storeFor(login, desk),
    settings: createTeamSettings({ dataDir, secretStore: secrets }),
    emit: (change) => changes.push(change),
    retryDelayMs: () => 0,
    ...overrides,
  })
}

describe('the record service', () => {
  it('records a write as the agent on this desk, and tells the views', async () => {
    const record = service()
    record.record(refundRow('45.00'))
    await record.settled()
    expect(shared.actions).toEqual([expect.objectContaining({ agent: 'anna', desk: 'desk-a', seq: 1 })])
    expect(changes).toContainEqual({ kind: 'action', object: payment })
  })

  it('tells the views of a write once, though its store tells it and the service again once stored', async () => {
    const record = service()
    record.record(refundRow('45.00'))
    await record.settled()
    expect(changes).toEqual([{ kind: 'action', object: payment }])
    // Another write, later: told again.
    record.record(refundRow('5.00'))
    await record.settled()
    expect(changes).toEqual([
      { kind: 'action', object: payment },
      { kind: 'action', object: payment },
    ])
  })

  it('never throws at the write, keeps a row the store refused and writes it later, in order', async () => {
    const record = service()
    shared.failAppends(3)
    expect(() => record.record(refundRow('1.00'))).not.toThrow()
    record.record(refundRow('2.00'))
    await record.settled()
    for (let i = 0; i < 10 && record.waitingRecords() > 0; i++) await new Promise((r) => setTimeout(r, 5))
    expect(record.waitingRecords()).toBe(0)
    expect(shared.actions.map((a) => a.amount?.value)).toEqual(['1.00', '2.00'])
  })

  it('gives a write without a ticket the ticket of its case', async () => {
    const record = service()
    await record.takeCase(payment, '4711')
    record.record(refundRow('3.00'))
    await record.settled()
    expect(shared.actions[0]?.ticket).toBe('4711')
    expect(await record.findByTicket('4711')).toEqual([payment])
  })

  it('two desks on one record see each other’s notes and case owner', async () => {
    const anna = service()
    const ben = service({ identity: { login: 'ben', desk: 'desk-b' } })
    await anna.writeNote(payment, 'Customer called twice <b>today</b>')
    await anna.takeCase(payment)
    const [note] = await ben.notesFor(payment)
    expect(note).toEqual(expect.objectContaining({ author: 'anna', text: 'Customer called twice <b>today</b>' }))
    expect(await ben.caseOf(payment)).toEqual(expect.objectContaining({ owner: 'anna', state: 'open' }))
    expect((await ben.takeCase(payment)).owner).toBe('anna')
    expect((await anna.handOver(payment, 'ben')).owner).toBe('ben')
    expect((await ben.openCases('mine')).map((c) => c.object)).toEqual([payment])
  })

  it('refuses an empty note and an unnamed colleague in a sentence', async () => {
    const record = service()
    await expect(record.writeNote(payment, '   ')).rejects.toThrow(/note/i)
    await expect(record.handOver(payment, ' ')).rejects.toThrow(/Name the colleague/)
  })
})

describe('the team database settings', () => {
  it('keeps the password in the keychain, never in the file, and writes as the login the string names', async () => {
    const secrets = createMemorySecretStore()
    const opened: { connectionString: string; login: string; password: string | null }[] = []
    const record = service(
      {
        openTeamStore: async (config, identity) => {
          opened.push(config)
          return shared.storeFor(identity.login, identity.desk)
        },
      },
      secrets,
    )
    const status = await record.connect({ connectionString: 'postgresql://anna.k:s3cret-pw@db.example:5432/paydesk' })
    const file = await readFile(join(dataDir, 'team-database.json'), 'utf8')
    expect(file).not.toContain('s3cret-pw')
    expect(file).toContain('postgresql://anna.k@db.example:5432/paydesk')
    expect(secrets.entries.get(TEAM_PASSWORD_ACCOUNT)).toBe('s3cret-pw')
    expect(opened).toEqual([expect.objectContaining({ login: 'anna.k', password: 's3cret-pw' })])
    expect(status.login).toBe('anna.k')
    expect(record.login()).toBe('anna.k')

    await record.disconnect()
    expect(secrets.entries.has(TEAM_PASSWORD_ACCOUNT)).toBe(false)
    expect(record.login()).toBe('anna')
  })

  it('goes on with the desk store when the team store cannot start', async () => {
    const record = service({
      openTeamStore: async () => {
        throw new Error('connect ECONNREFUSED')
      },
    })
    const status = await record.connect({ connectionString: 'postgresql://anna@db.example/paydesk', password: 'x' })
    expect(status.home).toBe('desk')
    record.record(refundRow('5.00'))
    await record.settled()
    expect(shared.actions).toHaveLength(1)
  })

  it('refuses a connection string without a login, in a sentence', async () => {
    const record = service({ openTeamStore: async () => shared.storeFor('x', 'y') })
    await expect(record.connect({ connectionString: 'postgresql://db.example/paydesk' })).rejects.toThrow(/no login/)
  })
})

import { describe, expect, it } from 'vitest'
import {
  isUnreachable,
  teamConnection,
  TeamConnectionError,
  unreachableSentence,
  unreachableState,
} from '../../../../src/main/team/team-connection'
import { caseRefusal } from '../../../../src/main/team/record-rules'

const sqlError = (code: string) => Object.assign(new Error('server said no'), { code })

describe('the team database connection string', () => {
  it('reads login, host, port and database; the keychain password wins over one in the string', () => {
    const c = teamConnection(
      'postgres://anna:inline@db.example.com:6543/paydesk?sslmode=verify-full',
      'from-keychain',
      5000,
    )
    expect(c).toMatchObject({ login: 'anna', where: 'db.example.com:6543/paydesk' })
    expect(c.config).toMatchObject({
      host: 'db.example.com',
      port: 6543,
      database: 'paydesk',
      user: 'anna',
      password: 'from-keychain',
      ssl: true,
    })
    expect(teamConnection('postgresql://anna:inline@[::1]/team', null, 5000).config).toMatchObject({
      host: '::1',
      port: 5432,
      password: 'inline',
      ssl: false,
    })
    expect(teamConnection('postgres://an%40na@h/db', null, 5000).login).toBe('an@na')
  })

  it('refuses what is not a connection string with a login, in a sentence', () => {
    expect(() => teamConnection('db.example.com', null, 5000)).toThrow(TeamConnectionError)
    expect(() => teamConnection('mysql://anna@h/db', null, 5000)).toThrow(/must start with postgres:\/\//)
    expect(() => teamConnection('postgres://h:5432/db', null, 5000)).toThrow(/names no login/)
  })
})

describe('a database that cannot be used', () => {
  const where = { login: 'anna', where: 'db:5432/paydesk' }
  it('tells going offline from a refused write', () => {
    expect(isUnreachable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(true)
    expect(isUnreachable(new Error('Query read timeout'))).toBe(true)
    for (const code of ['28P01', '3D000', '53100', '57P01', '08006']) expect(isUnreachable(sqlError(code))).toBe(true)
    for (const code of ['23505', '42501', '22P02']) expect(isUnreachable(sqlError(code))).toBe(false)
    expect(isUnreachable(caseRefusal('conflict', 'Only bob, who holds this case, can close it.'))).toBe(false)
    expect(unreachableState(sqlError('28P01'))).toBe('error')
    expect(unreachableState(sqlError('53100'))).toBe('offline')
  })

  it('says why in the agent words', () => {
    expect(unreachableSentence(sqlError('28P01'), where, 5000)).toBe(
      'The team database at db:5432/paydesk refused the login anna: the password is wrong. Enter it again under Connections → Team database.',
    )
    expect(unreachableSentence(sqlError('53100'), where, 5000)).toMatch(/is full \(out of disk space\)/)
    expect(unreachableSentence(new Error('Connection terminated due to connection timeout'), where, 5000)).toMatch(
      /did not answer within 5 seconds\.$/,
    )
    expect(unreachableSentence(Object.assign(new Error('x'), { code: 'ENOTFOUND' }), where, 5000)).toMatch(
      /cannot be found/,
    )
  })

  it('says what to run when a table this desk reads is missing (a database set up for an earlier Paydesk)', () => {
    expect(unreachableSentence(sqlError('42P01'), where, 5000)).toBe(
      'The team database at db:5432/paydesk was set up for an earlier Paydesk and needs an update before this desk can use it. Whoever set it up runs: npm run team:setup -- --db postgres://ADMIN@db:5432/paydesk (ADMIN: the login they set it up with).',
    )
    expect(unreachableSentence(sqlError('42P01'), { login: 'anna', where: '::1:5432/team' }, 5000)).toContain(
      '--db postgres://ADMIN@[::1]:5432/team ',
    )
  })
})

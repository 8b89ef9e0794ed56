import { describe, expect, it } from 'vitest'
import { newestCalls, type Outcome } from '../../../../src/renderer/src/stores/newest'
import { deferred } from '../../helpers/store-fakes'

describe('newestCalls', () => {
  it('applies only the newest call’s answer or error; invalidate drops every call in flight', async () => {
    const calls = newestCalls()
    const applied: Outcome<string>[] = []
    const older = deferred<string>()
    const newer = deferred<string>()
    const a = calls.run(
      () => older.promise,
      (o) => applied.push(o),
    )
    const b = calls.run(
      () => newer.promise,
      (o) => applied.push(o),
    )
    newer.resolve('new')
    await b
    older.reject(new Error('late failure'))
    await a
    expect(applied).toEqual([{ ok: true, value: 'new' }])
    const failing = deferred<string>()
    const c = calls.run(
      () => failing.promise,
      (o) => applied.push(o),
    )
    failing.reject(new Error('refused'))
    await c
    expect(applied.at(-1)).toMatchObject({ ok: false })
    const stale = deferred<string>()
    const d = calls.run(
      () => stale.promise,
      (o) => applied.push(o),
    )
    calls.invalidate()
    stale.resolve('too late')
    await d
    expect(applied).toHaveLength(2)
  })
})

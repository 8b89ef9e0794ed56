// Which mandate a subscription charges on, and which subscriptions a revoke stops ("all connected
// subscriptions will be canceled": https://docs.mollie.com/reference/v2/mandates-api/revoke-mandate).
import { describe, expect, it } from 'vitest'
import { chargingMandate, stopsWithMandate } from '../../../../src/shared/service/subscriptions'

const mandate = (id: string, method: string, createdAt: string, status = 'valid') => ({ id, method, createdAt, status })
const older = mandate('mdt_old', 'directdebit', '2026-01-01T00:00:00+00:00')
const newer = mandate('mdt_new', 'directdebit', '2026-06-01T00:00:00+00:00')
const card = mandate('mdt_card', 'creditcard', '2026-07-01T00:00:00+00:00')

describe('subscriptions and mandates', () => {
  it('a subscription charges on the mandate it names, else the newest valid one of its method', () => {
    expect(chargingMandate({ mandateId: 'mdt_old', method: null }, [older, newer])?.id).toBe('mdt_old')
    expect(chargingMandate({ method: 'directdebit' }, [newer, older, card])?.id).toBe('mdt_new')
    expect(chargingMandate({ method: null }, [older, newer, card])?.id).toBe('mdt_card')
    expect(chargingMandate({ mandateId: 'mdt_old', method: null }, [{ ...older, status: 'invalid' }])).toBeUndefined()
  })

  it('a revoke stops the subscriptions connected to the mandate, not the ended ones nor those on another', () => {
    const all = [older, newer]
    expect(stopsWithMandate({ status: 'active', method: null, mandateId: 'mdt_old' }, 'mdt_old', all)).toBe(true)
    expect(stopsWithMandate({ status: 'active', method: null }, 'mdt_old', all)).toBe(false)
    expect(stopsWithMandate({ status: 'active', method: null }, 'mdt_new', all)).toBe(true)
    expect(stopsWithMandate({ status: 'canceled', method: null, mandateId: 'mdt_old' }, 'mdt_old', all)).toBe(false)
    expect(stopsWithMandate({ status: 'completed', method: null }, 'mdt_new', all)).toBe(false)
  })
})

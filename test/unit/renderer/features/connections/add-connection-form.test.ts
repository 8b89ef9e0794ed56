// The add-connection form's decisions (the logic of use-add-connection.ts): what it refuses before
// asking main, what it sends, and main's refusal on the fields.
import { describe, expect, it } from 'vitest'
import {
  addInputOf,
  checkAddForm,
  fieldErrorsOf,
  firstErrorField,
  profilesOutcome,
  type AddForm,
} from '../../../../../src/renderer/src/features/connections/add-connection-form'

const BODY = 'a1B2c3D4e5F6g7'

function form(over: Partial<AddForm> = {}): AddForm {
  return { label: 'Bakery', secret: `test_${BODY}`, profileId: '', testmode: true, baseUrl: '', ...over }
}

describe('checkAddForm', () => {
  it('passes a test key with a name, and names its kind', () => {
    expect(checkAddForm(form())).toEqual({ found: {}, kind: 'api-key' })
  })

  it('refuses an empty name, a name holding a key, and text that is no key', () => {
    const { found, kind } = checkAddForm(form({ label: ' ', secret: 'hello' }))
    expect(Object.keys(found).sort()).toEqual(['label', 'secret'])
    expect(kind).toBeNull()
    expect(checkAddForm(form({ label: `Bakery test_${BODY}` })).found.label).toMatch(/key|token/i)
  })

  it("asks an organization token for its profile, and leaves an API key's profile alone", () => {
    const token = checkAddForm(form({ secret: `access_${BODY}` }))
    expect(token.kind).toBe('organization-token')
    expect(token.found.profileId).toMatch(/profile id/)
    expect(checkAddForm(form({ secret: `access_${BODY}`, profileId: 'pfl_abc123' })).found).toEqual({})
    // An API key's profile field is not read: the form hides it, and nothing of it is sent.
    expect(checkAddForm(form({ profileId: 'junk' })).found).toEqual({})
  })

  it('checks an API address only when one is typed', () => {
    expect(checkAddForm(form({ baseUrl: 'http://api.example.com/v2' })).found.baseUrl).toMatch(/https/)
    expect(checkAddForm(form({ baseUrl: '  ' })).found).toEqual({})
  })
})

describe('firstErrorField', () => {
  it("follows the form's order, not the order the problems were found", () => {
    expect(firstErrorField({ baseUrl: 'x', secret: 'y' })).toBe('secret')
    expect(firstErrorField({ profileId: 'x', label: 'y' })).toBe('label')
    expect(firstErrorField({})).toBeNull()
  })
})

describe('addInputOf', () => {
  it('sends an API key without profile or mode (spec 5.3), and no empty address', () => {
    expect(addInputOf(form({ profileId: 'pfl_x', testmode: false, baseUrl: ' ' }), 'api-key')).toEqual({
      label: 'Bakery',
      secret: `test_${BODY}`,
      profileId: null,
      testmode: null,
      baseUrl: null,
    })
  })

  it("sends an organization token's profile and mode, and a trimmed address", () => {
    const input = form({
      secret: `access_${BODY}`,
      profileId: ' pfl_abc123 ',
      testmode: false,
      baseUrl: ' https://api.example.com/v2 ',
    })
    expect(addInputOf(input, 'organization-token')).toMatchObject({
      profileId: 'pfl_abc123',
      testmode: false,
      baseUrl: 'https://api.example.com/v2',
    })
  })
})

describe('fieldErrorsOf', () => {
  it("puts main's input issues on their fields: testmode on the profile, the unknown on the secret", () => {
    expect(
      fieldErrorsOf({
        code: 'invalid-input',
        message: 'Invalid input',
        issues: [
          { path: 'label', message: 'too long' },
          { path: 'label', message: 'second' },
          { path: 'testmode', message: 'not for keys' },
          { path: 'options.other', message: 'odd' },
        ],
      }),
    ).toEqual({ label: 'too long', profileId: 'not for keys', secret: 'odd' })
  })

  it('puts a conflict on the name, and anything else above the form', () => {
    expect(fieldErrorsOf({ code: 'conflict', message: 'A connection is named Bakery.' })).toEqual({
      label: 'A connection is named Bakery.',
    })
    expect(fieldErrorsOf({ code: 'keychain-unavailable', message: 'Locked.' })).toBeNull()
    expect(fieldErrorsOf({ code: 'invalid-input', message: 'Invalid input', issues: [] })).toBeNull()
  })
})

describe('profilesOutcome', () => {
  const profile = (id: string) => ({ id, name: id, website: 'https://shop.example', mode: 'test' as const })
  it('chooses the only profile, says when there is none, and lets the agent choose among several', () => {
    expect(profilesOutcome([profile('pfl_1')])).toEqual({ error: null, onlyId: 'pfl_1' })
    expect(profilesOutcome([])).toEqual({ error: 'The token can act for no profile.', onlyId: null })
    expect(profilesOutcome([profile('pfl_1'), profile('pfl_2')])).toEqual({ error: null, onlyId: null })
  })
})

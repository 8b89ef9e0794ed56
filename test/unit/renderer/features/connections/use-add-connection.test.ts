// @vitest-environment happy-dom
// The add-connection form's hook over the window's real stores (only the preload bridge is faked):
// nothing is sent while the form has a problem (the keyboard goes to the first field at fault), the
// secret is read from its input when sent and never kept in React state, a token's profiles are
// read with it, main's refusal lands on the fields or above the form, and the form empties after a
// success; a second submit while saving sends nothing.
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup } from '@testing-library/react'
import type { FormEvent } from 'react'
import { useAddConnection } from '../../../../../src/renderer/src/features/connections/use-add-connection'
import { explainCredential } from '../../../../../src/renderer/src/features/connections/connection-text'
import type { ConnectionView, ProfileChoice } from '../../../../../src/shared/ipc/connections'
import {
  installBridge,
  refusal,
  Refusal,
  renderInWindow,
  settled,
  windowStores,
  type Answers,
} from '../../../helpers/hook-harness'
import { connection, TEST_KEY, TOKEN } from '../../../helpers/connection-objects'
import { deferred } from '../../../helpers/store-fakes'

const ADDED = connection('c_bakery', 'test', { label: 'Bakery' })
const PROFILE: ProfileChoice = { id: 'pfl_bakery01', name: 'Bakery', website: 'https://bakery.example', mode: 'test' }

/** The form as AddConnectionForm.tsx renders it: named fields, the secret an uncontrolled input. */
function renderForm(answers: Answers = {}) {
  const bridge = installBridge({
    'connections.list': { connections: [], activeId: 'sandbox', notice: null },
    ...answers,
  })
  const stores = windowStores()
  const added: ConnectionView[] = []
  const view = renderInWindow(stores, () => useAddConnection((v) => added.push(v)))
  const form = document.createElement('form')
  const field = (name: string) => {
    const input = document.createElement('input')
    input.name = name
    form.append(input)
    return input
  }
  const inputs = {
    label: field('label'),
    secret: field('secret'),
    profileId: field('profileId'),
    baseUrl: field('baseUrl'),
  }
  document.body.append(form)
  view.result.current.formRef.current = form
  view.result.current.secretRef.current = inputs.secret
  return { bridge, stores, view, inputs, added }
}

type Form = ReturnType<typeof renderForm>

/** The agent pastes a secret: it stays in the input, the form keeps only the verdict (as the input's onChange does). */
function pasteSecret({ view, inputs }: Form, secret: string): void {
  inputs.secret.value = secret
  act(() => view.result.current.setVerdict(explainCredential(secret)))
}

const SUBMIT = { preventDefault() {} } as FormEvent

async function submit({ view }: Form): Promise<void> {
  await act(() => view.result.current.submit(SUBMIT))
}

/** What the hook holds and returns, but its two element refs: the secret must not be in it. */
function heldState({ view }: Form): string {
  const { secretRef: _secret, formRef: _form, ...rest } = view.result.current
  return JSON.stringify(rest)
}

afterEach(() => {
  cleanup()
  document.body.replaceChildren()
})

describe('useAddConnection', () => {
  it('sends nothing while the form has a problem, and the keyboard goes to the first field at fault', async () => {
    const f = renderForm({ 'connections.add': ADDED })
    pasteSecret(f, 'not a key')
    await submit(f)
    expect(Object.keys(f.view.result.current.errors).sort()).toEqual(['label', 'secret'])
    expect(document.activeElement).toBe(f.inputs.label)

    act(() => f.view.result.current.setLabel('Bakery'))
    await submit(f)
    expect(Object.keys(f.view.result.current.errors)).toEqual(['secret'])
    expect(document.activeElement).toBe(f.inputs.secret)

    // A token needs its profile id.
    pasteSecret(f, TOKEN)
    await submit(f)
    expect(Object.keys(f.view.result.current.errors)).toEqual(['profileId'])
    expect(document.activeElement).toBe(f.inputs.profileId)
    expect(f.bridge.inputsOf('connections.add')).toEqual([])
  })

  it('reads the secret from its input when sending, never keeps it in state, and empties the form after', async () => {
    const f = renderForm({ 'connections.add': ADDED })
    act(() => f.view.result.current.setLabel('Bakery'))
    pasteSecret(f, TEST_KEY)
    expect(f.view.result.current.verdict?.result.ok).toBe(true)
    expect(heldState(f)).not.toContain(TEST_KEY)
    await submit(f)
    await settled()
    expect(f.bridge.inputsOf('connections.add')).toEqual([
      { label: 'Bakery', secret: TEST_KEY, profileId: null, testmode: null, baseUrl: null },
    ])
    expect(f.added).toEqual([ADDED])
    // Emptied: the secret's input, the name, the verdict; the list is read again.
    expect(f.inputs.secret.value).toBe('')
    expect(f.view.result.current.label).toBe('')
    expect(f.view.result.current.verdict).toBeNull()
    expect(f.view.result.current.errors).toEqual({})
    expect(f.bridge.inputsOf('connections.list')).toHaveLength(1)
    expect(heldState(f)).not.toContain(TEST_KEY)
  })

  it('sends a token with its profile and mode, and the API address trimmed; the form forgets its profiles after', async () => {
    const f = renderForm({ 'connections.add': ADDED, 'connections.profiles': { profiles: [PROFILE] } })
    act(() => {
      f.view.result.current.setLabel('Bakery')
      f.view.result.current.setProfileId(' pfl_bakery01 ')
      f.view.result.current.setTestmode(false)
      f.view.result.current.setBaseUrl(' https://api.bakery.example/v2 ')
    })
    pasteSecret(f, TOKEN)
    expect(f.view.result.current.isToken).toBe(true)
    await act(() => f.view.result.current.findProfiles())
    expect(f.view.result.current.profileChoices).toEqual([PROFILE])
    act(() => f.view.result.current.setProfileId(' pfl_bakery01 '))
    await submit(f)
    expect(f.bridge.inputsOf('connections.add')).toEqual([
      {
        label: 'Bakery',
        secret: TOKEN,
        profileId: 'pfl_bakery01',
        testmode: false,
        baseUrl: 'https://api.bakery.example/v2',
      },
    ])
    expect(f.view.result.current.testmode).toBe(true)
    expect(f.view.result.current.baseUrl).toBe('')
    // The next token is not offered this one's profiles.
    expect(f.view.result.current.profileChoices).toBeNull()
  })

  it("reads the token's profiles with it: loading, then the only profile chosen; none or a refusal said", async () => {
    const answer = deferred<{ profiles: ProfileChoice[] }>()
    const f = renderForm({ 'connections.profiles': () => answer.promise })
    f.inputs.secret.value = ` ${TOKEN} `
    act(() => f.view.result.current.setBaseUrl('https://api.bakery.example/v2 '))
    let reading: Promise<void> = Promise.resolve()
    act(() => {
      reading = f.view.result.current.findProfiles()
    })
    expect(f.view.result.current.profilesState).toEqual({ loading: true, error: null })
    answer.resolve({ profiles: [PROFILE] })
    await act(() => reading)
    expect(f.bridge.inputsOf('connections.profiles')).toEqual([
      { secret: TOKEN, baseUrl: 'https://api.bakery.example/v2' },
    ])
    expect(f.view.result.current.profilesState).toEqual({ loading: false, error: null })
    expect(f.view.result.current.profileChoices).toEqual([PROFILE])
    expect(f.view.result.current.profileId).toBe('pfl_bakery01')
    expect(heldState(f)).not.toContain(TOKEN)

    f.bridge.answer('connections.profiles', { profiles: [] })
    await act(() => f.view.result.current.findProfiles())
    expect(f.view.result.current.profilesState.error).toMatch(/no profile/)

    f.bridge.answer('connections.profiles', () => {
      throw refusal('api-error', 'The token was refused (401).')
    })
    await act(() => f.view.result.current.findProfiles())
    expect(f.view.result.current.profilesState).toEqual({ loading: false, error: 'The token was refused (401).' })
    expect(f.view.result.current.profileChoices).toBeNull()
  })

  it('forgets the profiles read with a token once another secret is pasted, and drops a late answer for the old one', async () => {
    const f = renderForm({ 'connections.profiles': { profiles: [PROFILE] } })
    pasteSecret(f, TOKEN)
    await act(() => f.view.result.current.findProfiles())
    expect(f.view.result.current.profileChoices).toEqual([PROFILE])
    pasteSecret(f, `${TOKEN}X`)
    expect(f.view.result.current.profileChoices).toBeNull()

    const late = deferred<{ profiles: ProfileChoice[] }>()
    f.bridge.answer('connections.profiles', () => late.promise)
    act(() => f.view.result.current.setProfileId(''))
    let reading: Promise<void> = Promise.resolve()
    act(() => {
      reading = f.view.result.current.findProfiles()
    })
    pasteSecret(f, TOKEN)
    expect(f.view.result.current.profilesState).toEqual({ loading: false, error: null })
    late.resolve({ profiles: [PROFILE] })
    await act(() => reading)
    expect(f.view.result.current.profileChoices).toBeNull()
    expect(f.view.result.current.profileId).toBe('')
  })

  it("puts main's refusal on the field it names, else above the form, and keeps what was typed", async () => {
    const f = renderForm({
      'connections.add': () => {
        throw new Refusal({
          code: 'invalid-input',
          message: 'The input was refused.',
          issues: [{ path: 'secret', message: 'The key was refused by the service.' }],
        })
      },
    })
    act(() => f.view.result.current.setLabel('Bakery'))
    pasteSecret(f, TEST_KEY)
    f.inputs.label.focus()
    await submit(f)
    expect(f.view.result.current.errors).toEqual({ secret: 'The key was refused by the service.' })
    expect(f.view.result.current.formError).toBeNull()
    expect(document.activeElement).toBe(f.inputs.secret)
    expect(f.inputs.secret.value).toBe(TEST_KEY)
    expect(f.added).toEqual([])

    f.bridge.answer('connections.add', () => {
      throw refusal('conflict', 'A connection named Bakery exists already.')
    })
    await submit(f)
    expect(f.view.result.current.errors).toEqual({ label: 'A connection named Bakery exists already.' })
    expect(document.activeElement).toBe(f.inputs.label)

    f.bridge.answer('connections.add', () => {
      throw refusal('keychain-unavailable', 'The system keychain is locked.')
    })
    await submit(f)
    expect(f.view.result.current.formError).toEqual({
      code: 'keychain-unavailable',
      message: 'The system keychain is locked.',
    })
    expect(f.view.result.current.errors).toEqual({})
    expect(f.view.result.current.label).toBe('Bakery')
    expect(f.view.result.current.saving).toBe(false)
  })

  it('sends once while saving: a second submit waits for the first answer', async () => {
    const answer = deferred<ConnectionView>()
    const f = renderForm({ 'connections.add': () => answer.promise })
    act(() => f.view.result.current.setLabel('Bakery'))
    pasteSecret(f, TEST_KEY)
    let first: Promise<void> = Promise.resolve()
    act(() => {
      first = f.view.result.current.submit(SUBMIT)
    })
    expect(f.view.result.current.saving).toBe(true)
    let second: Promise<void> = Promise.resolve()
    act(() => {
      second = f.view.result.current.submit(SUBMIT)
    })
    await settled()
    expect(f.bridge.inputsOf('connections.add')).toHaveLength(1)
    answer.resolve(ADDED)
    await act(() => Promise.all([first, second]).then(() => undefined))
    expect(f.view.result.current.saving).toBe(false)
    expect(f.added).toEqual([ADDED])
  })

  it("names the Sandbox's API address from the window's connections", async () => {
    const sandbox = connection('sandbox', 'test', { baseUrl: 'http://127.0.0.1:4999/v2' })
    const f = renderForm({ 'connections.list': { connections: [ADDED, sandbox], activeId: 'sandbox', notice: null } })
    expect(f.view.result.current.sandboxUrl).toBeNull()
    await act(() => f.stores.app.connections.getState().load())
    expect(f.view.result.current.sandboxUrl).toBe('http://127.0.0.1:4999/v2')
  })
})

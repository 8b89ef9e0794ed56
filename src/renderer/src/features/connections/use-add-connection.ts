import { useEffect, useId, useRef, useState } from 'react'
import type { ConnectionView, ProfileChoice } from '../../../../shared/ipc/connections'
import type { IpcErrorView } from '../../../../shared/ipc/define'
import { useConnectionStore } from '../../stores/window-stores'
import { errorMessage, toIpcErrorView } from '../../stores/error-view'
import {
  addInputOf,
  checkAddForm,
  fieldErrorsOf,
  firstErrorField,
  profilesOutcome,
  type FieldErrors,
} from './add-connection-form'
import type { CredentialVerdict } from './connection-text'

// The add-connection form's logic: its fields (the secret stays in the input, never in state), the
// checks before anything is sent, the token's profiles, and main's refusal mapped onto the fields.

/** The form's fields; the secret stays in its input (secretRef), only the verdict about it is state. */
function useFields() {
  const [label, setLabel] = useState('')
  const [verdict, setVerdict] = useState<CredentialVerdict | null>(null)
  const [showSecret, setShowSecret] = useState(false)
  const [profileId, setProfileId] = useState('')
  const [testmode, setTestmode] = useState(true)
  const [baseUrl, setBaseUrl] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const secretRef = useRef<HTMLInputElement>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const id = useId()
  const detected = verdict?.result.ok ? verdict.result.value : null
  return {
    id,
    label,
    setLabel,
    verdict,
    setVerdict,
    showSecret,
    setShowSecret,
    profileId,
    setProfileId,
    testmode,
    setTestmode,
    baseUrl,
    setBaseUrl,
    errors,
    setErrors,
    secretRef,
    formRef,
    isToken: detected?.kind === 'organization-token',
  }
}

type Fields = ReturnType<typeof useFields>

/** The profiles the token can act for, fetched with it by main (GET /v2/profiles); nothing is stored. */
function useProfiles({ secretRef, baseUrl, verdict, setProfileId }: Fields) {
  const readProfiles = useConnectionStore((s) => s.readProfiles)
  const [profileChoices, setProfileChoices] = useState<ProfileChoice[] | null>(null)
  const [profilesState, setProfilesState] = useState<{ loading: boolean; error: string | null }>({
    loading: false,
    error: null,
  })
  // The newest read: an answer for a secret or address changed since (or a form emptied) is dropped.
  const reads = useRef(0)
  // Another secret or address (or the form emptied after an add): the list read with the old one goes.
  useEffect(() => {
    reads.current++
    setProfileChoices(null)
    setProfilesState({ loading: false, error: null })
  }, [verdict, baseUrl])
  async function findProfiles(): Promise<void> {
    const secret = secretRef.current?.value.trim() ?? ''
    const read = ++reads.current
    setProfilesState({ loading: true, error: null })
    try {
      const profiles = await readProfiles(secret, baseUrl.trim() || null)
      if (read !== reads.current) return
      setProfileChoices(profiles)
      const outcome = profilesOutcome(profiles)
      setProfilesState({ loading: false, error: outcome.error })
      if (outcome.onlyId) setProfileId(outcome.onlyId)
    } catch (error) {
      if (read !== reads.current) return
      setProfileChoices(null)
      setProfilesState({ loading: false, error: errorMessage(error) })
    }
  }
  return { profileChoices, profilesState, findProfiles }
}

/** Sends the form once its checks pass; main's refusal lands on its fields, else above the form. */
function useSubmit(f: Fields, onAdded: (view: ConnectionView) => void) {
  const add = useConnectionStore((s) => s.add)
  const [formError, setFormError] = useState<IpcErrorView | null>(null)
  const [saving, setSaving] = useState(false)
  const { label, profileId, testmode, baseUrl, secretRef, formRef, setErrors } = f

  function focusFirstError(found: FieldErrors): void {
    const first = firstErrorField(found)
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
  }

  function reset(): void {
    if (secretRef.current) secretRef.current.value = ''
    f.setVerdict(null)
    f.setShowSecret(false)
    f.setLabel('')
    f.setProfileId('')
    f.setTestmode(true)
    f.setBaseUrl('')
    setErrors({})
  }

  async function submit(event: React.FormEvent): Promise<void> {
    event.preventDefault()
    if (saving) return
    setFormError(null)
    const secret = secretRef.current?.value ?? ''
    const { found, kind } = checkAddForm({ label, secret, profileId, testmode, baseUrl })
    setErrors(found)
    if (Object.keys(found).length > 0) {
      focusFirstError(found)
      return
    }
    setSaving(true)
    try {
      const view = await add(addInputOf({ label, secret, profileId, testmode, baseUrl }, kind))
      reset()
      onAdded(view)
    } catch (error) {
      const view = toIpcErrorView(error)
      const fieldErrors = fieldErrorsOf(view)
      if (!fieldErrors) setFormError(view)
      setErrors(fieldErrors ?? {})
      focusFirstError(fieldErrors ?? {})
    } finally {
      setSaving(false)
    }
  }
  return { formError, saving, submit }
}

export function useAddConnection(onAdded: (view: ConnectionView) => void) {
  const sandboxUrl = useConnectionStore((s) => s.connections.find((c) => c.builtIn)?.baseUrl ?? null)
  const fields = useFields()
  return { ...fields, sandboxUrl, ...useProfiles(fields), ...useSubmit(fields, onAdded) }
}

export type AddConnectionModel = ReturnType<typeof useAddConnection>

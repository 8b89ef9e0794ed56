import { useId, useRef, useState } from 'react'
import {
  checkBaseUrl,
  checkConnectionOptions,
  checkLabel,
  MAX_LABEL_LENGTH,
  MAX_PROFILE_ID_LENGTH,
  MAX_SECRET_LENGTH,
} from '../../../../shared/connection-rules'
import type { ConnectionView, ProfileChoice } from '../../../../shared/ipc/connections'
import type { IpcErrorView } from '../../../../shared/ipc/define'
import { useConnectionStore } from '../../app-stores'
import { errorMessage, toIpcErrorView } from '../../stores/error-view'
import {
  explainCredential,
  LABEL_HOLDS_CREDENTIAL,
  labelHoldsCredential,
  type CredentialVerdict,
} from './connection-text'
import { ModeBadge } from './ModeBadge'

type Field = 'label' | 'secret' | 'profileId' | 'baseUrl'
type FieldErrors = Partial<Record<Field, string>>

const FIELDS: Field[] = ['label', 'secret', 'profileId', 'baseUrl']

/**
 * Adds a connection. The secret lives only in the (uncontrolled) password input: React state holds
 * the verdict about it, never the secret itself, so no re-render, devtools snapshot or attribute
 * sync copies it. It is read once on submit, sent to main, and the field is emptied right after.
 */
export function AddConnectionForm({ onAdded }: { onAdded: (view: ConnectionView) => void }): React.JSX.Element {
  const add = useConnectionStore((s) => s.add)
  const sandboxUrl = useConnectionStore((s) => s.connections.find((c) => c.builtIn)?.baseUrl ?? null)
  const readProfiles = useConnectionStore((s) => s.readProfiles)
  const [label, setLabel] = useState('')
  const [verdict, setVerdict] = useState<CredentialVerdict | null>(null)
  const [showSecret, setShowSecret] = useState(false)
  const [profileId, setProfileId] = useState('')
  const [testmode, setTestmode] = useState(true)
  const [baseUrl, setBaseUrl] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<IpcErrorView | null>(null)
  const [saving, setSaving] = useState(false)
  const [profileChoices, setProfileChoices] = useState<ProfileChoice[] | null>(null)
  const [profilesState, setProfilesState] = useState<{ loading: boolean; error: string | null }>({
    loading: false,
    error: null,
  })
  const secretRef = useRef<HTMLInputElement>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const id = useId()

  const detected = verdict?.result.ok ? verdict.result.value : null
  const isToken = detected?.kind === 'organization-token'

  function focusFirstError(found: FieldErrors): void {
    const first = FIELDS.find((f) => found[f])
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
  }

  /** The profiles the token can act for, fetched with it by main (GET /v2/profiles); nothing is stored. */
  async function findProfiles(): Promise<void> {
    const secret = secretRef.current?.value.trim() ?? ''
    setProfilesState({ loading: true, error: null })
    try {
      const profiles = await readProfiles(secret, baseUrl.trim() || null)
      setProfileChoices(profiles)
      setProfilesState({ loading: false, error: profiles.length === 0 ? 'The token can act for no profile.' : null })
      const only = profiles.length === 1 ? profiles[0] : undefined
      if (only) setProfileId(only.id)
    } catch (error) {
      setProfileChoices(null)
      setProfilesState({ loading: false, error: errorMessage(error) })
    }
  }

  function clearSecret(): void {
    if (secretRef.current) secretRef.current.value = ''
    setVerdict(null)
    setShowSecret(false)
  }

  async function submit(event: React.FormEvent): Promise<void> {
    event.preventDefault()
    if (saving) return
    setFormError(null)
    const secret = secretRef.current?.value ?? ''
    const found: FieldErrors = {}
    const labelResult = checkLabel(label)
    if (!labelResult.ok) found.label = labelResult.message
    else if (labelHoldsCredential(label)) found.label = LABEL_HOLDS_CREDENTIAL
    const check = explainCredential(secret)
    if (!check.result.ok) found.secret = check.explanation
    const kind = check.result.ok ? check.result.value.kind : null
    if (kind === 'organization-token') {
      const options = checkConnectionOptions(kind, { profileId, testmode })
      if (!options.ok) found.profileId = options.message
    }
    if (baseUrl.trim()) {
      const url = checkBaseUrl(baseUrl)
      if (!url.ok) found.baseUrl = url.message
    }
    setErrors(found)
    if (Object.keys(found).length > 0) {
      focusFirstError(found)
      return
    }
    setSaving(true)
    try {
      const view = await add({
        label,
        secret,
        // Spec 5.3: API keys carry profile and mode themselves; nothing else is sent with them.
        profileId: kind === 'organization-token' ? profileId.trim() : null,
        testmode: kind === 'organization-token' ? testmode : null,
        baseUrl: baseUrl.trim() || null,
      })
      clearSecret()
      setLabel('')
      setProfileId('')
      setTestmode(true)
      setBaseUrl('')
      setErrors({})
      onAdded(view)
    } catch (error) {
      const view = toIpcErrorView(error)
      const fieldErrors: FieldErrors = {}
      if (view.code === 'invalid-input' && view.issues?.length) {
        for (const issue of view.issues) {
          const field = issue.path.split('.')[0]
          const target: Field =
            field === 'testmode' ? 'profileId' : FIELDS.includes(field as Field) ? (field as Field) : 'secret'
          fieldErrors[target] ??= issue.message
        }
      } else if (view.code === 'conflict') {
        fieldErrors.label = view.message
      } else {
        setFormError(view)
      }
      setErrors(fieldErrors)
      focusFirstError(fieldErrors)
    } finally {
      setSaving(false)
    }
  }

  const errorId = (field: Field) => `${id}-${field}-error`
  const fieldError = (field: Field) =>
    errors[field] ? (
      <span className="field-error" id={errorId(field)} data-testid={`add-${field}-error`}>
        {errors[field]}
      </span>
    ) : null

  return (
    <form
      ref={formRef}
      className="panel conn-add"
      aria-labelledby={`${id}-title`}
      data-testid="add-connection-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      autoComplete="off"
    >
      <h2 id={`${id}-title`}>Add a connection</h2>
      {formError && <FormErrorBanner error={formError} />}
      <div className="conn-add-grid">
        <div className="field">
          <label htmlFor={`${id}-label`}>Name</label>
          <input
            id={`${id}-label`}
            name="label"
            className="input"
            value={label}
            maxLength={MAX_LABEL_LENGTH * 2}
            placeholder="e.g. Bakery Jansen (test)"
            aria-invalid={errors.label ? true : undefined}
            aria-describedby={errors.label ? errorId('label') : undefined}
            data-testid="add-label"
            onChange={(event) => setLabel(event.target.value)}
          />
          {fieldError('label')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-secret`}>API key or organization token</label>
          <div className="conn-secret-row">
            <input
              ref={secretRef}
              id={`${id}-secret`}
              name="secret"
              className="input mono conn-secret-input"
              type={showSecret ? 'text' : 'password'}
              maxLength={MAX_SECRET_LENGTH + 1}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="off"
              placeholder="test_…, live_… or access_…"
              aria-invalid={errors.secret ? true : undefined}
              aria-describedby={`${id}-detected${errors.secret ? ` ${errorId('secret')}` : ''}`}
              data-testid="add-secret"
              onChange={(event) => {
                const value = event.target.value
                setVerdict(value ? explainCredential(value) : null)
                if (errors.secret) setErrors((e) => ({ ...e, secret: undefined }))
              }}
            />
            <button
              type="button"
              className="btn btn-small"
              aria-pressed={showSecret}
              aria-controls={`${id}-secret`}
              data-testid="add-secret-toggle"
              onClick={() => setShowSecret((s) => !s)}
            >
              {showSecret ? 'Hide' : 'Show'}
            </button>
          </div>
          <DetectedKind id={`${id}-detected`} verdict={verdict} />
          {fieldError('secret')}
        </div>
        {isToken && (
          <div className="conn-token-options">
            <div className="field">
              <label htmlFor={`${id}-profile`}>Profile id</label>
              <input
                id={`${id}-profile`}
                name="profileId"
                className="input mono"
                value={profileId}
                maxLength={MAX_PROFILE_ID_LENGTH}
                placeholder="pfl_…"
                aria-invalid={errors.profileId ? true : undefined}
                aria-describedby={errors.profileId ? errorId('profileId') : `${id}-profile-hint`}
                data-testid="add-profile-id"
                onChange={(event) => setProfileId(event.target.value)}
              />
              <span className="field-hint" id={`${id}-profile-hint`}>
                The merchant profile the token acts for: type its id, or let Paydesk list the token’s profiles.
              </span>
              <div className="conn-profile-find">
                <button
                  type="button"
                  className="btn btn-small"
                  disabled={profilesState.loading}
                  onClick={() => void findProfiles()}
                  data-testid="add-find-profiles"
                >
                  {profilesState.loading ? 'Asking the service…' : 'List this token’s profiles'}
                </button>
                {profileChoices && profileChoices.length > 0 && (
                  <select
                    className="input"
                    aria-label="Profile"
                    value={profileChoices.some((p) => p.id === profileId) ? profileId : ''}
                    onChange={(event) => setProfileId(event.target.value)}
                    data-testid="add-profile-choice"
                  >
                    <option value="">Choose a profile…</option>
                    {profileChoices.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name} ({p.website.replace(/^https?:\/\//, '')}) · {p.id}
                      </option>
                    ))}
                  </select>
                )}
              </div>
              {profilesState.error && (
                <span className="field-error" role="alert" data-testid="add-profiles-error">
                  {profilesState.error}
                </span>
              )}
              {fieldError('profileId')}
            </div>
            <label className="conn-switch">
              <input
                type="checkbox"
                role="switch"
                name="testmode"
                checked={testmode}
                data-testid="add-testmode"
                onChange={(event) => setTestmode(event.target.checked)}
              />
              <span>
                Test mode {testmode ? <ModeBadge mode="test" /> : <ModeBadge mode="live" />}
                <span className="field-hint conn-switch-hint">
                  {testmode ? 'Requests run in test mode.' : 'Off: requests act on live data with real money.'}
                </span>
              </span>
            </label>
          </div>
        )}
        <details className="conn-advanced" open={Boolean(errors.baseUrl) || undefined}>
          <summary>Advanced: API address</summary>
          <div className="field">
            <label htmlFor={`${id}-baseurl`}>API address</label>
            <input
              id={`${id}-baseurl`}
              name="baseUrl"
              className="input mono"
              value={baseUrl}
              maxLength={2048}
              placeholder="The service's address (default)"
              aria-invalid={errors.baseUrl ? true : undefined}
              aria-describedby={errors.baseUrl ? errorId('baseUrl') : `${id}-baseurl-hint`}
              data-testid="add-base-url"
              onChange={(event) => setBaseUrl(event.target.value)}
            />
            <span className="field-hint" id={`${id}-baseurl-hint`}>
              Leave empty for the payment service. https only; plain http only on 127.0.0.1 (a local sandbox).
            </span>
            {sandboxUrl && (
              <button
                type="button"
                className="btn-link conn-use-sandbox"
                data-testid="add-use-sandbox-url"
                onClick={() => setBaseUrl(sandboxUrl)}
              >
                Use the local sandbox ({sandboxUrl})
              </button>
            )}
            {fieldError('baseUrl')}
          </div>
        </details>
      </div>
      <div className="toolbar">
        <button type="submit" className="btn btn-primary" disabled={saving} data-testid="add-submit">
          {saving ? <span className="spinner" aria-hidden="true" /> : null}
          {saving ? 'Saving…' : 'Add connection'}
        </button>
        <span className="field-hint">
          The secret goes to the system keychain only; Paydesk shows just its last four characters.
        </span>
      </div>
    </form>
  )
}

function DetectedKind({ id, verdict }: { id: string; verdict: CredentialVerdict | null }): React.JSX.Element {
  if (!verdict) {
    return (
      <span className="field-hint" id={id} data-testid="add-detected">
        Paste the credential; its kind is recognised from the prefix.
      </span>
    )
  }
  const detected = verdict.result.ok ? verdict.result.value : null
  return (
    <span
      className={detected ? 'conn-detected ok' : 'conn-detected refused'}
      id={id}
      role="status"
      data-testid="add-detected"
      data-kind={detected?.kind ?? 'none'}
    >
      {detected?.kind === 'api-key' && <ModeBadge mode={detected.mode} />}
      <span>{verdict.explanation}</span>
    </span>
  )
}

function FormErrorBanner({ error }: { error: IpcErrorView }): React.JSX.Element {
  if (error.code === 'keychain-unavailable') {
    return (
      <div className="banner banner-error" role="alert" data-testid="add-keychain-error">
        <strong>The system keychain is unavailable; nothing was saved.</strong>
        <p>{error.message}</p>
      </div>
    )
  }
  return (
    <div className="banner banner-error" role="alert" data-testid="add-error">
      <strong>The connection was not added.</strong> {error.message}
    </div>
  )
}

import { MAX_LABEL_LENGTH, MAX_PROFILE_ID_LENGTH, MAX_SECRET_LENGTH } from '../../../../shared/connection-rules'
import type { ConnectionView } from '../../../../shared/ipc/connections'
import type { IpcErrorView } from '../../../../shared/ipc/define'
import { explainCredential, type CredentialVerdict } from './connection-text'
import { ModeBadge } from '../../components/ModeBadge'
import type { Field } from './add-connection-form'
import { useAddConnection, type AddConnectionModel } from './use-add-connection'

/**
 * Adds a connection. The secret lives only in the (uncontrolled) password input: React state holds
 * the verdict about it, never the secret itself, so no re-render, devtools snapshot or attribute
 * sync copies it. It is read once on submit, sent to main, and the field is emptied right after.
 */
export function AddConnectionForm({ onAdded }: { onAdded: (view: ConnectionView) => void }): React.JSX.Element {
  const f = useAddConnection(onAdded)
  const { id, formRef, submit, formError, saving } = f
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
        <LabelField f={f} />
        <SecretField f={f} />
        {f.isToken && <TokenOptions f={f} />}
        <BaseUrlField f={f} />
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

const errorIdOf = (id: string, field: Field) => `${id}-${field}-error`

function FieldError({ f, field }: { f: AddConnectionModel; field: Field }): React.JSX.Element | null {
  const message = f.errors[field]
  if (!message) return null
  return (
    <span className="field-error" id={errorIdOf(f.id, field)} data-testid={`add-${field}-error`}>
      {message}
    </span>
  )
}

function LabelField({ f }: { f: AddConnectionModel }): React.JSX.Element {
  const { id, label, setLabel, errors } = f
  const errorId = (field: Field) => errorIdOf(id, field)
  return (
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
      <FieldError f={f} field="label" />
    </div>
  )
}

function SecretField({ f }: { f: AddConnectionModel }): React.JSX.Element {
  const { id, secretRef, showSecret, setShowSecret, verdict, setVerdict, errors, setErrors } = f
  const errorId = (field: Field) => errorIdOf(id, field)
  return (
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
      <FieldError f={f} field="secret" />
    </div>
  )
}

function TokenOptions({ f }: { f: AddConnectionModel }): React.JSX.Element {
  const { id, profileId, setProfileId, testmode, setTestmode, errors, profilesState, profileChoices, findProfiles } = f
  const errorId = (field: Field) => errorIdOf(id, field)
  return (
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
        <FieldError f={f} field="profileId" />
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
  )
}

function BaseUrlField({ f }: { f: AddConnectionModel }): React.JSX.Element {
  const { id, baseUrl, setBaseUrl, errors, sandboxUrl } = f
  const errorId = (field: Field) => errorIdOf(id, field)
  return (
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
        <FieldError f={f} field="baseUrl" />
      </div>
    </details>
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

// The add-connection form's decisions, apart from React: each field's problem before anything is
// sent, what is sent to main, main's refusal mapped onto the fields, and what the token's profiles
// mean for the form. use-add-connection.ts holds the form's state and carries these out.
import { checkBaseUrl, checkConnectionOptions, checkLabel } from '../../../../shared/connection-rules'
import type { AddConnectionInput, ProfileChoice } from '../../../../shared/ipc/connections'
import type { IpcErrorView } from '../../../../shared/ipc/define'
import { explainCredential, LABEL_HOLDS_CREDENTIAL, labelHoldsCredential } from './connection-text'

export type Field = 'label' | 'secret' | 'profileId' | 'baseUrl'
export type FieldErrors = Partial<Record<Field, string>>

/** The form's fields in their order on screen: the keyboard goes to the first one with a problem. */
const FIELDS: Field[] = ['label', 'secret', 'profileId', 'baseUrl']

/** What the agent typed (the secret read from its input at the moment of sending). */
export interface AddForm {
  label: string
  secret: string
  profileId: string
  testmode: boolean
  baseUrl: string
}

/** What the form can tell before asking main: each field's problem, and the credential's kind. */
export function checkAddForm(input: AddForm): {
  found: FieldErrors
  kind: 'api-key' | 'organization-token' | null
} {
  const { label, secret, profileId, testmode, baseUrl } = input
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
  return { found, kind }
}

/** The first field with a problem, in the form's order (null: none). */
export function firstErrorField(found: FieldErrors): Field | null {
  return FIELDS.find((field) => found[field]) ?? null
}

/** What is sent to main for a form whose checks passed. */
export function addInputOf(form: AddForm, kind: 'api-key' | 'organization-token' | null): AddConnectionInput {
  return {
    label: form.label,
    secret: form.secret,
    // Spec 5.3: API keys carry profile and mode themselves; nothing else is sent with them.
    profileId: kind === 'organization-token' ? form.profileId.trim() : null,
    testmode: kind === 'organization-token' ? form.testmode : null,
    baseUrl: form.baseUrl.trim() || null,
  }
}

/** Main's refusal on the fields it is about (a conflict is the name's); null when it is about no field. */
export function fieldErrorsOf(view: IpcErrorView): FieldErrors | null {
  if (view.code === 'invalid-input' && view.issues?.length) {
    const fieldErrors: FieldErrors = {}
    for (const issue of view.issues) {
      const field = issue.path.split('.')[0]
      const target: Field =
        field === 'testmode' ? 'profileId' : FIELDS.includes(field as Field) ? (field as Field) : 'secret'
      fieldErrors[target] ??= issue.message
    }
    return fieldErrors
  }
  if (view.code === 'conflict') return { label: view.message }
  return null
}

/** What the token's profiles mean for the form: a problem to say, and the one profile to choose. */
export function profilesOutcome(profiles: readonly ProfileChoice[]): { error: string | null; onlyId: string | null } {
  return {
    error: profiles.length === 0 ? 'The token can act for no profile.' : null,
    onlyId: profiles.length === 1 ? (profiles[0]?.id ?? null) : null,
  }
}

import {
  detectCredential,
  type CredentialKind,
  type DetectedCredential,
  type RuleResult,
} from '../../../../shared/connection-rules'

export function kindText(kind: CredentialKind): string {
  return kind === 'api-key' ? 'API key' : 'Organization token'
}

/**
 * Keys of other payment providers are a common paste mistake (`sk_live_…`, `pk_test_…`): say so
 * explicitly instead of only "not a credential".
 */
const FOREIGN_KEY = /^(sk|pk|rk)_(live|test)_/

export interface CredentialVerdict {
  result: RuleResult<DetectedCredential>
  /** What the detection means for the user (kind and how Paydesk will use it), or why it is refused. */
  explanation: string
}

export function explainCredential(secret: string): CredentialVerdict {
  const result = detectCredential(secret)
  if (!result.ok) {
    const foreign = FOREIGN_KEY.exec(secret)
    const explanation = foreign
      ? `This looks like a ${foreign[1] === 'pk' ? 'publishable' : 'secret'} key of another payment provider ` +
        `(${foreign[1]}_${foreign[2]}_…). Paydesk works only with this service's API keys (test_… or live_…) ` +
        'and organization tokens (access_…); copy one from the service’s dashboard.'
      : result.message
    return { result, explanation }
  }
  const value = result.value
  if (value.kind === 'organization-token') {
    return {
      result,
      explanation:
        'Organization token — needs a profile id (pfl_…) to act for; choose test mode below or it works in live mode.',
    }
  }
  return {
    result,
    explanation:
      value.mode === 'live'
        ? 'Live API key — bound to one profile; Paydesk will never send profileId or testmode. Real money moves.'
        : 'Test API key — bound to one profile; Paydesk will never send profileId or testmode.',
  }
}

// The rule lives with the other connection rules, so main refuses such a name too.
export {
  LABEL_HOLDS_CREDENTIAL,
  textHoldsCredential as labelHoldsCredential,
} from '../../../../shared/connection-rules'

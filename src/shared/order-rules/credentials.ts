// The credential fields of a body: `profileId` and `testmode`, which an organization token sends and
// a profile's API key may not (src/shared/service/scope.ts says where they go).
import { PROFILE_ID_PATTERN } from '../service/ids'
import type { OperationId } from '../service/operations'
import { scopeForOperation, testmodeUse } from '../service/scope'
import { checkBoolean, get, type Obj, type RuleContext, type Violations } from './common'

export function checkCredentialFields(out: Violations, o: Obj, ctx: RuleContext, operation: OperationId): void {
  // spec 2.2 / 5.3 / 5.4: profileId, per the operation's row (src/shared/service/scope.ts)
  const profileId = get(o, 'profileId')
  const use = scopeForOperation(ctx.credential, operation).profileId
  if (use !== 'forbidden') {
    if (profileId === undefined && use === 'required') {
      out.add('profileId', 'The field profileId is required with organization-level credentials.')
    } else if (profileId !== undefined && (typeof profileId !== 'string' || !PROFILE_ID_PATTERN.test(profileId))) {
      out.add('profileId', 'The field profileId must be a profile id such as pfl_QkEhN94Ba.')
    }
  } else if (profileId !== undefined) {
    out.add('profileId', 'The field profileId may not be sent with credentials linked to one profile.')
  }
}

export function checkTestmode(out: Violations, o: Obj, ctx: RuleContext): void {
  const testmode = get(o, 'testmode')
  if (testmode === undefined) return
  if (testmodeUse(ctx.credential) === 'forbidden') {
    out.add('testmode', 'The field testmode may only be sent with organization-level credentials.')
  } else {
    checkBoolean(out, 'testmode', testmode)
  }
}

/** Acting on an object takes no profileId (src/shared/service/scope.ts); testmode only with a token. */
export function checkActCredentialFields(out: Violations, o: Obj, ctx: RuleContext, operation: OperationId): void {
  if (scopeForOperation(ctx.credential, operation).profileId === 'forbidden' && get(o, 'profileId') !== undefined) {
    out.add('profileId', 'The field profileId may not be sent with credentials linked to one profile.')
  }
  checkTestmode(out, o, ctx)
}

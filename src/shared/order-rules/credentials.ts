// The credential fields of a body: `profileId` and `testmode`, which an organization token sends and
// a profile's API key may not (src/shared/service/scope.ts says where they go).
import { PROFILE_ID_PATTERN } from '../service/ids'
import { PROFILE_ID_WITH_TOKEN } from '../service/scope'
import { checkBoolean, get, type Obj, type RuleContext, type Violations } from './common'

export function checkCredentialFields(out: Violations, o: Obj, ctx: RuleContext): void {
  // spec 2.2 / 5.3 / 5.4: profileId
  const profileId = get(o, 'profileId')
  if (ctx.credential === 'organization-token') {
    // Creating takes a profileId with a token (src/shared/service/scope.ts, the one source).
    if (profileId === undefined && PROFILE_ID_WITH_TOKEN.create === 'required') {
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
  if (ctx.credential !== 'organization-token') {
    out.add('testmode', 'The field testmode may only be sent with organization-level credentials.')
  } else {
    checkBoolean(out, 'testmode', testmode)
  }
}

/** Acting on an object takes no profileId (src/shared/service/scope.ts: `act`); testmode only with a token. */
export function checkActCredentialFields(out: Violations, o: Obj, ctx: RuleContext): void {
  if (ctx.credential !== 'organization-token' && get(o, 'profileId') !== undefined) {
    out.add('profileId', 'The field profileId may not be sent with credentials linked to one profile.')
  }
  checkTestmode(out, o, ctx)
}

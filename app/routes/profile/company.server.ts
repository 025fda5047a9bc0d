import { redirect } from 'react-router'
import { companyDetailsSchema, inviteMemberSchema } from '../../../lib/company-schema'
import { submitForm, type SubmitFormOutcome } from '../../../server/http/submit-form'
import { acceptInvitation } from '../../../server/services/companies/accept-invitation'
import { changeMemberRole } from '../../../server/services/companies/change-member-role'
import { getCompany } from '../../../server/services/companies/get-company'
import { getInvitation } from '../../../server/services/companies/get-invitation'
import { inviteMember } from '../../../server/services/companies/invite-member'
import { removeMember } from '../../../server/services/companies/remove-member'
import { revokeInvitation } from '../../../server/services/companies/revoke-invitation'
import { updateCompany } from '../../../server/services/companies/update-company'
import { pageLoad, signedInAction, signedInLoad, textOf } from './signed-in-route.server'

/** A form's answer: its result for Conform (field errors, or a fresh form after a save) and what to say when it was saved. */
function answerOf<T>(outcome: SubmitFormOutcome<T>, said: (saved: T) => string) {
  return outcome.result.status === 'error' ? { ok: false, result: outcome.result } : { ok: true, result: outcome.result, message: said(outcome.saved as T) }
}

/** The client whose company an admin opens (`?client=`); a member's own company otherwise. */
function clientOf(request: Request): string | null {
  return new URL(request.url).searchParams.get('client')
}

export function loadCompanyPage(request: Request) {
  return signedInLoad(request, async (actor) => ({ company: await getCompany({ actor, user: clientOf(request) }), you: actor.userId, isAdmin: actor.isAdmin, clientId: clientOf(request) }))
}

/** The company page's forms; each names its intent, the service checks who may. */
export function runCompanyAction(request: Request) {
  return signedInAction(request, {
    'update-company': async (actor, form) =>
      answerOf(await submitForm(form, companyDetailsSchema, (input) => updateCompany({ actor, companyId: textOf(form, 'companyId'), input })), () => 'Saved'),
    'invite-member': async (actor, form) =>
      answerOf(
        await submitForm(form, inviteMemberSchema, async (input) => {
          await inviteMember({ actor, companyId: textOf(form, 'companyId'), input })
          return input.email
        }),
        (email) => `Invitation sent to ${email}`,
      ),
    'revoke-invitation': async (actor, form) => {
      await revokeInvitation({ actor, id: textOf(form, 'id') })
      return { message: 'Invitation withdrawn' }
    },
    'change-role': async (actor, form) => {
      await changeMemberRole({ actor, companyId: textOf(form, 'companyId'), input: { userId: textOf(form, 'userId'), role: textOf(form, 'role') } })
      return { message: 'Role changed' }
    },
    'remove-member': async (actor, form) => {
      const userId = textOf(form, 'userId')
      await removeMember({ actor, companyId: textOf(form, 'companyId'), userId })
      return userId === actor.userId ? redirect('/profile') : { message: 'Member removed' }
    },
  })
}

/** An invitation link: what it offers, to anyone holding it, and who is signed in. */
export function loadJoinPage(request: Request, token: string) {
  return pageLoad(request, async (actor) => ({ invitation: await getInvitation({ token }), signedInEmail: actor?.email ?? null }))
}

export function runJoinAction(request: Request, token: string) {
  return signedInAction(request, {
    accept: async (actor) => {
      await acceptInvitation({ actor, token })
      return redirect('/profile/company')
    },
  })
}

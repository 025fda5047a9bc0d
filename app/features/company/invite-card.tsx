import { Form } from 'react-router'
import { companyRoleDescriptions, companyRoleLabels, companyRoles } from '../../../lib/company-roles'
import { getFormProps, getInputProps, getSelectProps } from '@conform-to/react'
import { companyLabels, inviteMemberSchema } from '../../../lib/company-schema'
import { useCompanyForm } from './use-company-form'
import { limits } from '../../../lib/catalogue'
import { formatDate } from '../../../lib/format'
import { Field, SelectField } from '../../components/forms'
import { buttonClass, cardClass, cardTitleClass, secondaryButtonClass } from '../../components/portal/styles'
import { resultFor, type CompanyActionResult, type CompanyPageData } from './types'

/** Invite a colleague by email with a role; the invitations still waiting, each withdrawn in one press. */
export function InviteCard({ company, result, busy }: { company: CompanyPageData['company']; result: CompanyActionResult | undefined; busy: boolean }) {
  const answer = resultFor(result, 'invite-member')
  const [form, fields] = useCompanyForm('invite-member', 'invite-member', inviteMemberSchema, result, { email: '', role: 'member' })
  const revoked = resultFor(result, 'revoke-invitation')
  return (
    <section className={cardClass} aria-labelledby="invite-title">
      <h2 id="invite-title" className={cardTitleClass}>
        Invite a colleague
      </h2>
      <p className="mb-4 text-sm text-(--color-light)">They get a mail with a link that works once, for {limits.companyInvitationDays} days, and only for that address.</p>
      <Form method="post" className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="invite-member" />
        <input type="hidden" name="companyId" value={company.id} />
        <Field label={companyLabels.email} errors={fields.email.errors} inputProps={{ ...getInputProps(fields.email, { type: 'email', ariaAttributes: false }), id: 'invite-email', autoComplete: 'off' }} />
        <SelectField label={companyLabels.role} errors={fields.role.errors} selectProps={{ ...getSelectProps(fields.role, { ariaAttributes: false }), id: 'invite-role' }}>
          {companyRoles.map((role) => (
            <option key={role} value={role}>
              {companyRoleLabels[role]}
            </option>
          ))}
        </SelectField>
        <button type="submit" className={`${buttonClass} sm:mt-6`} disabled={busy}>
          Send invitation
        </button>
      </Form>
      <dl className="mt-4 grid gap-1 text-sm sm:grid-cols-[7rem_1fr]">
        {companyRoles.map((role) => (
          <div key={role} className="contents">
            <dt className="font-medium">{companyRoleLabels[role]}</dt>
            <dd className="text-(--color-light)">{companyRoleDescriptions[role]}</dd>
          </div>
        ))}
      </dl>
      {answer?.ok ? (
        <p role="status" className="mt-3" data-testid="invite-status">
          {answer.message}
        </p>
      ) : null}
      <h3 className="mt-6 mb-2 font-semibold">Waiting invitations</h3>
      {company.invitations.length === 0 ? (
        <p className="text-(--color-light)">None.</p>
      ) : (
        <ul className="space-y-2">
          {company.invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center gap-3" data-testid="invitation">
              <span>
                {invitation.email}, {companyRoleLabels[invitation.role].toLowerCase()}, until {formatDate(invitation.expiresAt)}
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="revoke-invitation" />
                <input type="hidden" name="id" value={invitation.id} />
                <button type="submit" className={secondaryButtonClass} disabled={busy} aria-label={`Withdraw the invitation to ${invitation.email}`}>
                  Withdraw
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {revoked ? (
        <p role={revoked.ok ? 'status' : 'alert'} className={`mt-3 ${revoked.ok ? '' : 'text-error'}`} data-testid="revoke-status">
          {revoked.message}
        </p>
      ) : null}
    </section>
  )
}

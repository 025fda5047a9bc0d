import { Form } from 'react-router'
import { companyRoleLabels, companyRoles } from '../../../lib/company-roles'
import { formatDate } from '../../../lib/format'
import { PortalTable } from '../../components/portal/portal-table'
import { stackedTable } from '../../components/portal/stacked-table'
import { cardClass, cardTitleClass, inputClass, secondaryButtonClass } from '../../components/portal/styles'
import type { CompanyActionResult, CompanyPageData } from './types'

/**
 * The company's members with their roles. Those who manage the company change a role or remove a
 * member from each row; anyone may leave (the last owner may not, and is told why).
 */
export function MembersCard({ data, result, busy }: { data: CompanyPageData; result: CompanyActionResult | undefined; busy: boolean }) {
  const { company, you } = data
  const failed = result && !result.ok && (result.intent === 'change-role' || result.intent === 'remove-member') ? result.message : null
  const done = result?.ok && (result.intent === 'change-role' || result.intent === 'remove-member') ? result.message : null
  return (
    <section className={cardClass} aria-labelledby="members-title">
      <h2 id="members-title" className={cardTitleClass}>
        Members
      </h2>
      <PortalTable columns={['Name', 'Email', 'Role', 'Joined']} actions labelledBy="members-title">
        {company.members.map((member) => {
          const isYou = member.userId === you
          return (
            <tr key={member.userId} className={stackedTable.row} data-testid="member-row">
              <td className={stackedTable.cell} data-label="Name">
                {member.name}
                {isYou ? ' (you)' : ''}
              </td>
              <td className={stackedTable.cell} data-label="Email">
                {member.email}
              </td>
              <td className={stackedTable.cell} data-label="Role">
                {company.canManage ? (
                  <Form method="post" className="flex items-center gap-2">
                    <input type="hidden" name="intent" value="change-role" />
                    <input type="hidden" name="companyId" value={company.id} />
                    <input type="hidden" name="userId" value={member.userId} />
                    <label className="sr-only" htmlFor={`role-${member.userId}`}>
                      Role of {member.email}
                    </label>
                    <select id={`role-${member.userId}`} name="role" defaultValue={member.role} className={`${inputClass} w-auto py-1`}>
                      {companyRoles.map((role) => (
                        <option key={role} value={role}>
                          {companyRoleLabels[role]}
                        </option>
                      ))}
                    </select>
                    <button type="submit" className={secondaryButtonClass} disabled={busy}>
                      Change role
                    </button>
                  </Form>
                ) : (
                  companyRoleLabels[member.role]
                )}
              </td>
              <td className={stackedTable.cell} data-label="Joined">
                {formatDate(member.joinedAt)}
              </td>
              <td className={stackedTable.cell}>
                {company.canManage || isYou ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove-member" />
                    <input type="hidden" name="companyId" value={company.id} />
                    <input type="hidden" name="userId" value={member.userId} />
                    <button type="submit" className={secondaryButtonClass} disabled={busy} aria-label={isYou ? 'Leave the company' : `Remove ${member.email}`}>
                      {isYou ? 'Leave' : 'Remove'}
                    </button>
                  </Form>
                ) : null}
              </td>
            </tr>
          )
        })}
      </PortalTable>
      {failed ? (
        <p role="alert" className="mt-3" data-testid="members-error">
          {failed}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="mt-3" data-testid="members-status">
          {done}
        </p>
      ) : null}
    </section>
  )
}

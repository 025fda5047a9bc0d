import { Form } from 'react-router'
import { getFormProps, getInputProps } from '@conform-to/react'
import { companyDetailsSchema, companyLabels } from '../../../lib/company-schema'
import { useCompanyForm } from './use-company-form'
import { Field } from '../../components/forms'
import { buttonClass, cardClass, cardTitleClass } from '../../components/portal/styles'
import type { CompanyPageData, CompanyActionResult } from './types'
import { resultFor } from './types'

/** The company's name, address and VAT number: a form for those who manage it, read-only for the rest. */
export function CompanyDetailsCard({ company, result, busy }: { company: CompanyPageData['company']; result: CompanyActionResult | undefined; busy: boolean }) {
  if (!company.canManage) {
    return (
      <section className={cardClass} aria-labelledby="company-details-title">
        <h2 id="company-details-title" className={cardTitleClass}>
          Details
        </h2>
        <dl className="grid gap-2 sm:grid-cols-[10rem_1fr]">
          <dt className="text-(--color-light)">{companyLabels.name}</dt>
          <dd>{company.name}</dd>
          <dt className="text-(--color-light)">{companyLabels.address}</dt>
          <dd>{company.address || '—'}</dd>
          <dt className="text-(--color-light)">{companyLabels.vatNumber}</dt>
          <dd>{company.vatNumber || '—'}</dd>
        </dl>
        <p className="mt-3 text-sm text-(--color-light)">Only an owner of the company can change these.</p>
      </section>
    )
  }
  return <CompanyDetailsForm company={company} result={result} busy={busy} />
}

function CompanyDetailsForm({ company, result, busy }: { company: CompanyPageData['company']; result: CompanyActionResult | undefined; busy: boolean }) {
  const answer = resultFor(result, 'update-company')
  const [form, fields] = useCompanyForm('company-details', 'update-company', companyDetailsSchema, result, { name: company.name, address: company.address, vatNumber: company.vatNumber })
  return (
    <Form method="post" className={cardClass} aria-labelledby="company-details-title" {...getFormProps(form)}>
      <h2 id="company-details-title" className={cardTitleClass}>
        Details
      </h2>
      <input type="hidden" name="intent" value="update-company" />
      <input type="hidden" name="companyId" value={company.id} />
      <div className="grid gap-4">
        <Field label={companyLabels.name} errors={fields.name.errors} inputProps={{ ...getInputProps(fields.name, { type: 'text', ariaAttributes: false }), id: 'company-name', maxLength: 120 }} />
        <Field
          label={companyLabels.address}
          errors={fields.address.errors}
          inputProps={{ ...getInputProps(fields.address, { type: 'text', ariaAttributes: false }), id: 'company-address', maxLength: 300, autoComplete: 'street-address' }}
        />
        <Field label={companyLabels.vatNumber} errors={fields.vatNumber.errors} inputProps={{ ...getInputProps(fields.vatNumber, { type: 'text', ariaAttributes: false }), id: 'company-vat', maxLength: 20 }} />
      </div>
      <div className="mt-4 flex items-center gap-3">
        <button type="submit" className={buttonClass} disabled={busy}>
          Save details
        </button>
        {answer?.ok ? (
          <p role="status" data-testid="company-details-status">
            {answer.message}
          </p>
        ) : null}
      </div>
    </Form>
  )
}

import { emailSchema } from './auth-schema'
import { companyRoles } from './company-roles'
import { z } from './zod'

/** The forms of the company page, each checked by the same schema in the browser and on the server. */

const text = (max: number) => z.string().trim().max(max, `Please use at most ${max} characters`)

export const VAT_NUMBER_MESSAGE = 'Please enter a VAT number: a two-letter country code and 2 to 13 letters or digits, e.g. GB123456789'

/** The company's details: its name, one-line address and VAT number (spaces and case do not matter). */
export const companyDetailsSchema = z.object({
  name: text(120).default(''),
  address: text(300).default(''),
  vatNumber: z
    .string()
    .default('')
    .transform((v) => v.replace(/[\s.-]/g, '').toUpperCase())
    .refine((v) => v === '' || /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(v), VAT_NUMBER_MESSAGE),
})
export type CompanyDetails = z.output<typeof companyDetailsSchema>

export const ROLE_MESSAGE = 'Please choose a role'
const roleSchema = z.enum(companyRoles, { error: ROLE_MESSAGE })

/** An owner's invitation: who (their email) and as what. */
export const inviteMemberSchema = z.object({ email: emailSchema, role: roleSchema })

/** An owner's change of a member's role. */
export const changeRoleSchema = z.object({ userId: z.string().min(1), role: roleSchema })

export const companyLabels = {
  name: 'Company name',
  address: 'Address',
  vatNumber: 'VAT number',
  email: 'Email',
  role: 'Role',
} as const

import { boolean, pgTable, text } from 'drizzle-orm/pg-core'
import { updatedAt } from './columns'
import { userColumn } from './user-column'

/**
 * A client's attributes beyond what the user row holds (email, email_verified, sub = user.id).
 * postalAddress is five comma-joined parts: building, road, town, county, postcode. The company's name
 * and logo are the company's (company table), shown and edited with the profile.
 */
export const profiles = pgTable('profile', {
  userId: userColumn('user_id', 'cascade').primaryKey(),
  phoneNumber: text('phone_number'),
  phoneNumberVerified: boolean('phone_number_verified').notNull().default(false),
  nickname: text('nickname'),
  familyName: text('family_name'),
  givenName: text('given_name'),
  website: text('website'),
  postalAddress: text('postal_address'),
  ethereumAddress: text('ethereum_address'),
  /** Mail about a job's stage changes and the consultancy's messages (quotes and released results are always mailed). */
  jobUpdateMails: boolean('job_update_mails').notNull().default(true),
  updatedAt: updatedAt(),
})

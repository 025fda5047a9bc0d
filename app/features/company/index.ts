export { CompanyDetailsCard } from './company-details-card'
export { InviteCard } from './invite-card'
export { MembersCard } from './members-card'
export type { CompanyActionResult, CompanyPageData } from './types'

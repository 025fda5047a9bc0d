/**
 * What the dashboard screens render: shapes the /profile loader and its list endpoints return.
 * Only the fields a screen shows (STYLE.md habit 6).
 */
export interface ClientOption {
  id: string
  email: string
  /** Given and family name, or the nickname, when known. */
  name: string
  companyName: string
}

export interface ClientDetailsView {
  userId: string
  email: string
  phoneNumber: string
  nickname: string
  givenName: string
  familyName: string
  website: string
  building: string
  road: string
  town: string
  county: string
  postcode: string
  companyName: string
  ethereumAddress: string
  /** URL of the company logo, or null. */
  logoUrl: string | null
}

export interface JobRequestRow {
  id: string
  job: string
  reference: string
  priority: string
  status: string
  /** Names of the attached files. */
  files: { name: string; url: string }[]
  createdAt: string
}

export interface DocumentRow {
  path: string
  name: string
  size: number
  lastModified: string
  url: string
}

/** Who the dashboard is showing: the signed-in user, or the client an admin picked. */
export interface DashboardSubject {
  userId: string
  /** True when an admin looks at a client other than themselves. */
  isClient: boolean
}

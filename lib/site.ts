/**
 * Company details in one place: pages, mail, structured data and the assistant read them here.
 * Pages, metadata, the footer, the contact page and the assistant all read from here.
 */
export const site = {
  companyName: 'Meshwork Engineering',
  legalName: 'Meshwork Engineering Ltd',
  productName: 'Meshwork',
  tagline: 'Computational engineering',
  description:
    'CAD design, FEA and CFD analysis, CAM/CNC programming, API development and engineering training from a small Yorkshire consultancy.',
  keywords: ['CAD design', 'FEA analysis', 'CFD analysis', 'CAM', 'CNC programming', 'API development', 'engineering training', 'Hebden Bridge'],
  email: 'info@meshwork-engineering.co.uk',
  /**
   * The details a quote carries besides the address and email. Each is printed (and told by the
   * assistant) only when it is set here; one left unset is left out, never shown as a placeholder.
   * phone: the office line in international form ("+44 1422 …"); companyNumber: the Companies House
   * registration number; vatNumber: the VAT registration number ("GB 123 4567 89").
   */
  phone: undefined as string | undefined,
  companyNumber: undefined as string | undefined,
  vatNumber: undefined as string | undefined,
  /**
   * The letters of a deliverable's revision codes: `issued` for a revision issued for review (P01,
   * P02…), `accepted` for the code a revision takes once the client accepts it (C01, C02…).
   */
  revisionCodes: { issued: 'P', accepted: 'C' },
  address: {
    building: 'Unit 4, Calder Works',
    road: 'Mytholm Steeps',
    town: 'Hebden Bridge',
    county: 'West Yorkshire',
    postcode: 'HX7 6DL',
    country: 'United Kingdom',
  },
  /** Office location for the contact map (lat/lng, WGS84). */
  office: { lat: 53.7409, lng: -2.0208 },
  social: [
    { label: 'LinkedIn', href: 'https://www.linkedin.com/company/meshwork-engineering' },
    { label: 'GitHub', href: 'https://github.com/meshwork-engineering' },
    { label: 'YouTube', href: 'https://www.youtube.com/@meshwork-engineering' },
  ],
  github: {
    esp32Gauges: 'https://github.com/meshwork-engineering/esp32-gauges',
    bonenet: 'https://github.com/meshwork-engineering/bonenet',
  },
} as const

export type Site = typeof site

export function formatAddress(a = site.address): string {
  return [a.building, a.road, a.town, a.county, a.postcode].join(', ')
}

/** The company's registration lines for a document's letterhead, only those that are set. */
export function registrationLines(facts: Pick<Site, 'companyNumber' | 'vatNumber'> = site): string[] {
  return [
    facts.companyNumber ? `Registered in England and Wales, no. ${facts.companyNumber}` : null,
    facts.vatNumber ? `VAT registration no. ${facts.vatNumber}` : null,
  ].filter((line): line is string => line !== null)
}

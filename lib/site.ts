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
  phone: '+44 1422 000 000',
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

/**
 * The route table: every page's path, module, title and description (its metadata).
 * app/routes.ts, the sitemap, robots.txt and the prerender list are all derived from it.
 */
export interface PublicRoute {
  path: string
  /** Route module under app/routes/ */
  file: string
  title: string
  description: string
  /** Rendered to static HTML at build time. */
  prerender: boolean
  /** Listed in sitemap.xml. */
  sitemap: boolean
}

const r = (path: string, file: string, title: string, description: string, opts: Partial<Pick<PublicRoute, 'prerender' | 'sitemap'>> = {}): PublicRoute => ({
  path,
  file,
  title,
  description,
  prerender: opts.prerender ?? true,
  sitemap: opts.sitemap ?? true,
})

export const routeTable: PublicRoute[] = [
  r('/', 'home.tsx', 'Computational engineering consultancy', 'CAD design, FEA and CFD analysis, CAM/CNC programming, API development and training for operators, designers and manufacturers.'),
  r('/about', 'about.tsx', 'About us', 'Who we are, what we do, how we work and the industries we serve.'),
  r('/examples', 'examples/index.tsx', 'Technical Examples', 'Case studies in FEA, CFD and CAD: wind loads, thermal retention, trailer aerodynamics, sliotar flight and drafting.'),
  r('/examples/wind-load-silo', 'examples/wind-load-silo.tsx', 'Wind load on a silo (FEA)', 'Finite element study of a 221 t silo under a 100 mph wind.'),
  r('/examples/thermal-retention-study', 'examples/thermal-retention-study.tsx', 'Thermal retention study (CFD)', 'CFD of an incinerator secondary chamber: keeping flue gas above 850 °C for 2 seconds.'),
  r('/examples/aerodynamic-trailer', 'examples/aerodynamic-trailer.tsx', 'Aerodynamic trailer (CFD)', '2D and 3D CFD of trailer roof profiles and the fuel saved across a fleet.'),
  r('/examples/sliotar-cfd', 'examples/sliotar-cfd.tsx', 'Sliotar aerodynamics (CFD)', 'The Magnus effect on a hurling ball and the seam height that flies best.'),
  r('/examples/sketch-to-drawing', 'examples/sketch-to-drawing.tsx', 'Sketch to drawing (CAD)', 'From a napkin sketch to a dimensioned, manufacturable CAD drawing.'),
  r('/examples/detailed-drafting', 'examples/detailed-drafting.tsx', 'Detailed drafting (CAD)', 'Aerospace control drawings and CMM inspection.'),
  r('/examples/concept-communication', 'examples/concept-communication.tsx', 'Concept communication (CAD)', 'A nursery building communicated through 3D visualisation.'),
  r('/training', 'training.tsx', 'Training', 'CAD, FEA and CFD courses for small groups, on site or online.'),
  r('/process', 'process.tsx', 'Design process', 'Where we fit in: from concept and feasibility to production and the Client Design Vault.'),
  r('/blog', 'blog/index.tsx', 'Blog', 'Technical notes, worked examples and course news from our engineers.', { prerender: false }),
  r('/contact', 'contact.tsx', 'Contact', 'Send us a message or find our office in Hebden Bridge, West Yorkshire.', { prerender: false }),
  r('/profile', 'profile.tsx', 'Dashboard', 'What needs you, your job requests and your documents.', { prerender: false, sitemap: false }),
  r('/profile/settings', 'profile/settings.tsx', 'Dashboard settings', 'Your details, company logo, sign-in and security, API tokens and mail choices.', { prerender: false, sitemap: false }),
  r('/support', 'support.tsx', 'Support', 'Where to get help with your project or the client portal.'),
  r('/services', 'services/index.tsx', 'Services', 'CAD, FEA, CFD, CAM and API development services with hourly rates.'),
  r('/services/cad', 'services/cad.tsx', 'CAD Design', 'Parametric modelling, drawings and design for manufacture.'),
  r('/services/fea', 'services/fea.tsx', 'FEA Analysis', 'Structural, thermal and fatigue finite element analysis.'),
  r('/services/cfd', 'services/cfd.tsx', 'CFD Analysis', 'External aerodynamics, internal flow and heat transfer.'),
  r('/services/cam', 'services/cam.tsx', 'CAM', 'CAM programming and CNC training: ISO 6983 G-code, Heidenhain and parametric programming.'),
  r('/services/api', 'services/api.tsx', 'API Development', 'APIs and integrations for engineering data and tools.'),
  r('/projects', 'projects/index.tsx', 'Projects', 'Our own hardware and firmware projects.'),
  r('/projects/esp32-gauges', 'projects/esp32-gauges.tsx', 'ESP32 Gauges', 'Compact digital automotive gauges on the ESP32.'),
  r('/projects/bonenet', 'projects/bonenet.tsx', 'BoneNet', 'Radio mesh firmware.'),
  r('/faqs', 'faqs.tsx', 'FAQs', 'Answers to common questions about our services, pricing, software and training.'),
  r('/terms', 'terms.tsx', 'Terms and conditions', 'The terms that govern the use of this website.'),
  r('/privacy', 'privacy.tsx', 'Privacy policy', 'How we collect, use and protect your information.'),
  r('/cookie', 'cookie.tsx', 'Cookie policy', 'How and why this website uses cookies.'),
]

export const prerenderedPaths = routeTable.filter((x) => x.prerender).map((x) => x.path)

export function findRoute(path: string): PublicRoute | undefined {
  return routeTable.find((x) => x.path === path)
}

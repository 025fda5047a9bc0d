import { camCourses, formatRate, serviceRates, timings, trainingCourses, type ServiceSlug } from '../lib/catalogue'
import type { IconName } from './types'

export interface CapabilityGroup {
  heading: string
  items: string[]
}

export interface TrainingProgram {
  title: string
  description: string
  /** Name of a course in lib/catalogue.ts (trainingCourses or camCourses) whose facts the page shows. */
  course?: string
}

export interface ServiceContent {
  slug: ServiceSlug
  icon: IconName
  /** Page heading */
  title: string
  /** One line for the services overview card */
  summary: string
  /** Bullet points on the services overview card */
  features: string[]
  intro: string[]
  capabilities: CapabilityGroup[]
  industries: string[]
  software: string[]
  callout: { title: string; body: string }
  trainingPrograms: TrainingProgram[]
}

export const servicesOverview = {
  heading: 'Services',
  intro:
    'Engineering design, analysis and manufacturing support, billed by the hour or quoted as a fixed price for a defined scope. Every engagement starts with a short call to agree what question the work must answer.',
  requestQuote: { label: 'Request a Quote', href: '/contact' },
  learnMore: 'Learn more',
  ratesNote: 'Rates exclude VAT. Fixed quotes are available for well-defined scopes, and bulk-hour packages carry a discount.',
} as const

export const services: ServiceContent[] = [
  {
    slug: 'cad',
    icon: 'cube',
    title: 'CAD Design',
    summary: 'Parametric 3D models and production drawings, from first sketch to released design.',
    features: ['Parametric part and assembly modelling', '2D manufacturing drawings with GD&T', 'Reverse engineering from samples and scans', 'Design for manufacture reviews'],
    intro: [
      'Good CAD is more than geometry. We build models whose parameters follow your design intent, so that a change to a bore or a wall thickness ripples through the assembly instead of breaking it.',
      'Drawings leave us dimensioned and toleranced for the process that will make the part, checked against the model and ready for the shop floor or your supplier.',
    ],
    capabilities: [
      { heading: 'Modelling', items: ['Parametric parts driven by design tables', 'Top-down assemblies with skeleton layouts', 'Sheet metal, weldments and castings', 'Surface modelling for styled and ergonomic parts'] },
      { heading: 'Documentation', items: ['General arrangement and detail drawings', 'Geometric dimensioning and tolerancing to ISO GPS', 'Bills of materials and revision control', 'Exploded views and assembly instructions'] },
      { heading: 'From idea to model', items: ['Napkin sketches turned into production geometry', 'Reverse engineering of legacy parts', 'Conversion of 2D archives to 3D models', '3D visualisation for planning and marketing'] },
    ],
    industries: ['Automotive and motorsport', 'Aerospace supply chain', 'Agricultural machinery', 'Architecture and construction', 'Consumer products', 'Process plant'],
    software: ['SolidWorks', 'AutoCAD', 'Autodesk Inventor', 'Fusion', 'Revit'],
    callout: {
      title: 'Models that feed straight into analysis',
      body: 'Because the same team runs our FEA and CFD work, the models we draw are built to be simplified and meshed. Analysis starts from clean geometry, not from a week of repair.',
    },
    trainingPrograms: [
      { title: 'CAD Fundamentals', course: 'CAD Fundamentals', description: 'Sketches, constraints, features and drawings: the habits that make models easy to change later.' },
      { title: 'Advanced CAD', course: 'Advanced CAD', description: 'Top-down assemblies, configurations, surfacing and design automation for experienced users.' },
      { title: 'Drawing standards workshop', description: 'A focused session on ISO drawing conventions and GD&T, using your own parts as the examples.' },
    ],
  },
  {
    slug: 'fea',
    icon: 'grid',
    title: 'FEA Analysis',
    summary: 'Structural, thermal and fatigue analysis that shows where a design is strong enough, and where it is not.',
    features: ['Linear and non-linear static stress', 'Modal, buckling and fatigue assessment', 'Thermal and thermo-mechanical analysis', 'Wind, snow and lifting load cases'],
    intro: [
      'Finite element analysis tells you how a part or structure behaves before it is built: where stress concentrates, how far it deflects, when it will buckle or fatigue.',
      'We set load cases from the relevant standards, check mesh convergence, and hand-verify the critical results, so the report stands up to a design review or an insurer.',
    ],
    capabilities: [
      { heading: 'Structural', items: ['Linear static stress and deflection', 'Non-linear material and contact', 'Bolted and welded joint assessment', 'Buckling of shells and slender members'] },
      { heading: 'Dynamic and fatigue', items: ['Natural frequencies and mode shapes', 'Harmonic and random vibration', 'Fatigue life from stress-life and strain-life data', 'Shock and drop cases'] },
      { heading: 'Thermal', items: ['Steady-state and transient conduction', 'Thermal stress and distortion', 'Coupled results from our CFD work'] },
    ],
    industries: ['Agricultural storage and silos', 'Lifting equipment', 'Automotive and trailers', 'Process and energy plant', 'Structural steelwork', 'Product design'],
    software: ['Ansys Mechanical', 'SolidWorks Simulation', 'Abaqus', 'CalculiX'],
    callout: {
      title: 'Results you can defend',
      body: 'Every FEA report includes the load cases, material data, mesh study and hand checks behind its conclusions, so your own engineers can follow and challenge the reasoning.',
    },
    trainingPrograms: [
      { title: 'FEA Analysis', course: 'FEA Analysis', description: 'From geometry clean-up to a defensible result: meshing, boundary conditions, convergence and reporting.' },
      { title: 'Verifying your results', description: 'Hand calculations and sanity checks that catch the errors a solver will not tell you about.' },
      { title: 'Fatigue in practice', description: 'Reading S-N data, handling weld details and turning a duty cycle into a life estimate.' },
    ],
  },
  {
    slug: 'cfd',
    icon: 'wind',
    title: 'CFD Analysis',
    summary: 'Airflow, liquid flow and heat transfer simulated to cut drag, balance flows and prove temperatures.',
    features: ['External aerodynamics and drag reduction', 'Internal flow, pressure drop and mixing', 'Conjugate heat transfer', 'Combustion chamber residence time'],
    intro: [
      'Computational fluid dynamics shows what air, water or flue gas actually does around and through your design, long before a wind tunnel or a commissioning test.',
      'We work in 2D where it answers the question quickly and in 3D where it must, and we translate the results into the numbers that matter to you: drag, fuel, pressure loss, temperature and time.',
    ],
    capabilities: [
      { heading: 'External flow', items: ['Vehicle and trailer aerodynamics', 'Wind loading on buildings and structures', 'Sports ball flight and the Magnus effect', 'Drag and lift polar generation'] },
      { heading: 'Internal flow', items: ['Duct and manifold balancing', 'Pressure drop through valves and fittings', 'Mixing and residence time', 'Fan and pump system matching'] },
      { heading: 'Heat transfer', items: ['Conjugate heat transfer in solids and fluids', 'Electronics and enclosure cooling', 'Incinerator and furnace temperature retention', 'Natural convection and radiation'] },
    ],
    industries: ['Road haulage and trailers', 'Waste and energy recovery', 'Building services', 'Sports equipment', 'Electronics', 'Process plant'],
    software: ['Ansys Fluent', 'Ansys CFX', 'OpenFOAM', 'SolidWorks Flow Simulation'],
    callout: {
      title: 'From flow field to business case',
      body: 'A drag coefficient means little on its own. We turn it into fuel saved per vehicle per year, or into proof that a chamber meets its regulatory temperature, so the result supports a decision.',
    },
    trainingPrograms: [
      { title: 'CFD Simulation', course: 'CFD Simulation', description: 'Meshing, turbulence models, boundary conditions and post-processing for engineers who will run their own studies.' },
      { title: 'Reading a CFD report', description: 'A half-day briefing for managers and clients: what to ask, which plots matter and how to spot an unconverged result.' },
      { title: 'Heat transfer modelling', description: 'Conjugate heat transfer and radiation for thermal designers, with worked examples from real projects.' },
    ],
  },
  {
    slug: 'cam',
    icon: 'drill',
    title: 'CAM',
    summary: 'CNC programming and post-processing, plus certified training for machinists and programmers.',
    features: ['2.5D to 5-axis toolpath programming', 'Post-processor set-up and editing', 'ISO G-code and Heidenhain programming', 'CNC programming courses with certificates'],
    intro: [
      'We write the toolpaths that turn models into parts: efficient, safe and proven in simulation before they reach your machine.',
      'We also teach the skills behind them. Our CNC courses take programmers from reading ISO G-code to writing parametric macros, in small groups at the machine.',
    ],
    capabilities: [
      { heading: 'Programming', items: ['2.5D milling, drilling and turning', '3+2 and simultaneous 5-axis toolpaths', 'High-efficiency roughing strategies', 'Cycle-time reduction on existing programs'] },
      { heading: 'Machine support', items: ['Post-processor configuration and editing', 'Machine simulation and collision checking', 'Probing and in-process measurement cycles', 'Fixture and work-holding design'] },
      { heading: 'Control languages', items: ['ISO 6983 G-code (Fanuc, Haas, Siemens ISO mode)', 'Heidenhain plain-language (Klartext)', 'Parametric macros and variables'] },
    ],
    industries: ['Subcontract machining', 'Toolmaking', 'Aerospace components', 'Motorsport', 'Education and apprenticeships'],
    software: ['Fusion', 'Mastercam', 'SolidCAM', 'Heidenhain TNC controls', 'Fanuc and Haas controls'],
    callout: {
      title: 'Certified CNC training',
      body: 'Each of our CNC programming courses ends with a practical assessment and a certificate of competence. Groups are kept small so everyone spends real time programming.',
    },
    trainingPrograms: [
      { title: 'CNC 101: ISO 6983 G-code', course: 'ISO 6983 G-code', description: 'Co-ordinate systems, preparatory and miscellaneous codes, canned cycles and tool compensation, written by hand and proved on the machine.' },
      { title: 'CNC 102: Heidenhain plain language', course: 'Heidenhain plain language', description: 'Conversational programming on Heidenhain TNC controls: contours, cycles, datum handling and program structure.' },
      { title: 'CNC 103: Parametric programming', course: 'Parametric programming', description: 'Variables, arithmetic, loops and conditions: one program for a whole family of parts.' },
    ],
  },
  {
    slug: 'api',
    icon: 'code',
    title: 'API Development',
    summary: 'Software that connects engineering tools, data and people: APIs, automation and integrations.',
    features: ['REST and GraphQL APIs for engineering data', 'CAD and simulation automation', 'Integrations with ERP, PLM and storage', 'Firmware and device connectivity'],
    intro: [
      'Engineering teams lose hours copying numbers between spreadsheets, CAD and business systems. We build the small, well-tested pieces of software that stop that.',
      'From an API that publishes your product configurations to a script that drives a parametric model and runs a batch of simulations, we write code your team can own and maintain.',
    ],
    capabilities: [
      { heading: 'APIs and services', items: ['REST and GraphQL APIs with authentication', 'Product configurators backed by parametric models', 'Data pipelines for test and sensor data', 'Documentation and client libraries'] },
      { heading: 'Automation', items: ['CAD automation through the SolidWorks and Inventor APIs', 'Batch simulation runs and report generation', 'Drawing and BOM export to business systems'] },
      { heading: 'Devices and connectivity', items: ['ESP32 and microcontroller firmware', 'Radio mesh networking', 'Dashboards for live machine and vehicle data'] },
    ],
    industries: ['Manufacturers with configurable products', 'Engineering consultancies', 'Test and measurement', 'Automotive aftermarket', 'Internet of things'],
    software: ['TypeScript and Node.js', 'Python', 'C and C++ for embedded targets', 'PostgreSQL', 'SolidWorks and Inventor APIs'],
    callout: {
      title: 'Engineers who write software',
      body: 'Our developers are engineers first, so the code understands tolerances, units and load cases. Our own projects, such as the ESP32 gauges and BoneNet, are open source for you to inspect.',
    },
    trainingPrograms: [
      { title: 'Automating your CAD', description: 'Use the CAD API to generate variants, export drawings and fill title blocks without repetitive clicking.' },
      { title: 'Python for engineers', description: 'Reading test data, fitting curves and producing reports: practical scripting for day-to-day engineering.' },
      { title: 'Designing an engineering API', description: 'Modelling units, revisions and permissions so that your data stays trustworthy once other systems depend on it.' },
    ],
  },
]

function findService(slug: ServiceSlug): ServiceContent {
  const service = services.find((s) => s.slug === slug)
  if (!service) throw new Error(`No content for service ${slug}`)
  return service
}

/** Facts for a training slide, looked up in the catalogue so the numbers live in one place. */
function courseFacts(program: TrainingProgram): string | undefined {
  const general = trainingCourses.find((c) => c.name === program.course)
  if (general) return `${general.duration} · ${general.level} · £${general.dayPrice}/day`
  const cam = camCourses.find((c) => c.name === program.course)
  if (cam) return `${cam.duration} hours · up to ${cam.classSize} participants · ${cam.certificate.toLowerCase()}`
  return undefined
}

/** Everything a service page shows, with the rate and the course facts looked up in the catalogue. */
export function servicePageContent(slug: ServiceSlug) {
  const service = findService(slug)
  const rate = serviceRates.find((r) => r.slug === slug)!
  return {
    service,
    rateLabel: formatRate(rate),
    requestQuote: servicesOverview.requestQuote,
    trainingPrograms: service.trainingPrograms.map((program) => ({ ...program, facts: courseFacts(program) })),
    carouselMs: timings.serviceCarouselMs,
  }
}

export type ServicePageContent = ReturnType<typeof servicePageContent>

/** The services as cards (home page, services overview), each with its page link and rate looked up in the catalogue. */
export function serviceCards() {
  return services.map(({ slug, icon, title, summary, features }) => {
    const rate = serviceRates.find((r) => r.slug === slug)!
    return { slug, icon, title, summary, features, path: rate.path, rateLabel: formatRate(rate) }
  })
}

export const about = {
  heading: 'About us',
  intro: 'A computational-engineering consultancy in the Calder Valley, helping operators, designers and manufacturers make better decisions with models, simulation and code.',
  story: {
    heading: 'Our story',
    paragraphs: [
      'We started as a handful of engineers who kept being asked the same question by the firms around us: will it work, and what will it cost if it does not? Answering it properly meant drawing the part, analysing it and, often, programming the machine that made it.',
      'That is still how we work. From a converted mill building in Hebden Bridge we serve clients across the UK and beyond, from agricultural engineers sizing a silo to hauliers trimming the fuel bill of a trailer fleet.',
    ],
  },
  whatWeDo: {
    heading: 'What we do',
    items: [
      { title: 'CAD design', href: '/services/cad', description: 'Parametric models, production drawings and visualisation.' },
      { title: 'FEA analysis', href: '/services/fea', description: 'Stress, deflection, buckling, vibration, fatigue and thermal analysis.' },
      { title: 'CFD analysis', href: '/services/cfd', description: 'Aerodynamics, internal flow and heat transfer.' },
      { title: 'CAM and CNC', href: '/services/cam', description: 'Toolpaths, post-processors and certified CNC courses.' },
      { title: 'API development', href: '/services/api', description: 'Integrations, automation and firmware.' },
      { title: 'Training', href: '/training', description: 'Small-group courses in CAD, FEA and CFD.' },
    ],
  },
  approach: {
    heading: 'Our approach',
    items: [
      { title: 'Start with the question', description: 'We agree what decision the work must support before we open any software, so the scope stays tight and the answer is useful.' },
      { title: 'Show our working', description: 'Assumptions, load cases, mesh studies and hand checks are part of every report. You can follow the reasoning and challenge it.' },
      { title: 'Right-size the model', description: 'A 2D model that answers the question today beats a 3D model that answers it next month. We add detail only where it changes the result.' },
      { title: 'Leave you stronger', description: 'Files, models and scripts are yours, and we are happy to train your team to carry the work on.' },
    ],
  },
  industries: {
    heading: 'Industries we serve',
    items: ['Automotive and road haulage', 'Aerospace supply chain', 'Agriculture and storage', 'Waste and energy recovery', 'Architecture and construction', 'Subcontract machining', 'Sports equipment', 'Electronics and devices'],
  },
  cta: {
    heading: 'Talk to an engineer',
    body: 'Whether you have a full specification or a rough idea, we are glad to talk it through.',
    link: { label: 'Get in Touch', href: '/contact' },
  },
} as const

import type { IconName } from './types'

export interface FeatureCard {
  title: string
  icon: IconName
  description: string
}

export const home = {
  eyebrow: 'Computational engineering from Hebden Bridge',
  headline: 'Designs you can build, tested before you build them',
  intro:
    'We model, simulate and program the parts our clients make: parametric CAD, finite element and CFD analysis, CNC programming and the software that ties it together. You get answers backed by calculation, delivered in days rather than months.',
  actions: {
    getStarted: { label: 'Get Started', href: '/contact' },
    viewExamples: { label: 'View Examples', href: '/examples' },
    // The chat launcher opens itself when the page carries ?chat=open.
    askAssistant: { label: 'Ask our assistant', href: '/?chat=open' },
  },
  featuresHeading: 'Why clients work with us',
  features: [
    {
      title: 'Fast Turnaround',
      icon: 'clock',
      description:
        'A small team with no layers of sign-off. Most drawing packages and first-pass simulations are back with you within a week, with progress you can follow in the portal.',
    },
    {
      title: 'Precision Engineering',
      icon: 'target',
      description:
        'Meshes checked for convergence, loads traced to standards, drawings toleranced for the process that will make the part. Every result comes with the assumptions behind it.',
    },
    {
      title: 'Cost Effective',
      icon: 'pound',
      description:
        'Clear hourly rates and fixed quotes for defined scopes. Finding a problem in a model costs a fraction of finding it on the shop floor or in service.',
    },
    {
      title: 'Client Portal',
      icon: 'lock',
      description:
        'Signed-in clients place job requests, upload drawings and models, and collect deliverables from one secure place, with every file kept against its job.',
    },
  ] satisfies FeatureCard[],
  servicesHeading: 'What we do',
  servicesIntro: 'Five services, one team: the same engineers model the part, analyse it and program the machine that cuts it.',
  closing: {
    heading: 'Have a part, a problem or a sketch on a napkin?',
    body: 'Tell us what you are trying to achieve. We will reply with the questions that matter and, where the scope is clear, a fixed quote.',
  },
} as const

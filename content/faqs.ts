import type { Link } from './types'

export interface Faq {
  question: string
  answer: string
  /** A page the answer points to, shown after the answer. */
  link?: Link
}

export interface FaqGroup {
  heading: string
  faqs: Faq[]
}

export const faqsPage = {
  heading: 'Frequently asked questions',
  intro: 'Short answers to the questions we hear most. If yours is not here, ask us directly.',
  moreHelp: { label: 'Contact Us', href: '/contact' },
} as const

export const faqGroups: FaqGroup[] = [
  {
    heading: 'General Questions',
    faqs: [
      {
        question: 'How do I start a project with you?',
        answer: 'Send us a message through our Contact Us page with a short description of the part or problem and any drawings you have. An engineer will reply, usually within one working day, to talk through the scope.',
        link: { label: 'Contact Us', href: '/contact' },
      },
      {
        question: 'Do you offer custom solutions?',
        answer: 'Yes. Much of our work is bespoke: a one-off analysis, a design automation script or a training course built around your own parts. Tell us what you need and we will propose a custom solution and a price.',
        link: { label: 'Our services', href: '/services' },
      },
    ],
  },
  {
    heading: 'Pricing and Payments',
    faqs: [
      {
        question: 'How much do your services cost?',
        answer: 'We charge by the hour, with a separate rate for each service, and quote a fixed price for well-defined scopes. Our Pricing page lists the current hourly rates for CAD, FEA, CFD, CAM and API work.',
        link: { label: 'Pricing', href: '/services' },
      },
      {
        question: 'Do you offer package deals?',
        answer: 'Yes. Clients with ongoing work can buy package deals: a block of hours bought in advance carries a bulk-hour discount, and the hours can be used across any of our services.',
        link: { label: 'Ask about packages', href: '/contact' },
      },
    ],
  },
  {
    heading: 'Technical Questions',
    faqs: [
      {
        question: 'What software do you use?',
        answer: 'Our main tools are AutoCAD, SolidWorks, Revit and Ansys, alongside open-source solvers where they suit the job. We can supply native files or neutral formats such as STEP, IGES, DWG and DXF.',
      },
      {
        question: 'Can you work with our existing models and systems?',
        answer: 'Yes. We routinely take over existing CAD models, repair imported geometry and build custom solutions that connect design tools with your business systems through APIs and automation.',
        link: { label: 'API development', href: '/services/api' },
      },
    ],
  },
  {
    heading: 'Training and Support',
    faqs: [
      {
        question: 'Do you provide training?',
        answer: 'Yes. We run training sessions in CAD, FEA and CFD for small groups, plus certified CNC programming courses, on site, at our office or live online.',
        link: { label: 'Training courses', href: '/training' },
      },
      {
        question: 'Do you offer ongoing support after a project?',
        answer: 'Yes. We offer ongoing support by email or phone once a project or course has finished, and your files stay available in the client portal.',
        link: { label: 'Support', href: '/support' },
      },
    ],
  },
]

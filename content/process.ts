import type { IconName } from './types'

export interface ProcessPhase {
  /** Anchor id on the page */
  id: string
  title: string
  icon: IconName
  summary: string
  /** What we contribute at this phase */
  points: string[]
}

export const designProcess = {
  heading: 'Design',
  subheading: 'From first idea to finished product',
  intro:
    'Every product passes through the same phases, whether it is a bracket or a building. We can carry a project through all nine or join for just one. The index shows where we fit in.',
  indexHeading: 'Where We Fit In',
  phases: [
    { id: 'concept', title: 'Concept', icon: 'lightbulb', summary: 'An idea becomes something others can see and discuss.', points: ['Sketches turned into 3D concept models', 'Renders and animations for stakeholders', 'Early layout of the key dimensions'] },
    { id: 'feasibility', title: 'Feasibility', icon: 'scale', summary: 'Before money is committed, we check that the idea can work.', points: ['Quick 2D simulations of the critical behaviour', 'Hand calculations of loads and margins', 'An honest view of the technical risks'] },
    { id: 'design', title: 'Design', icon: 'pencil', summary: 'The concept is engineered into parts that can be made and assembled.', points: ['Parametric part and assembly models', 'Material and process selection', 'Design for manufacture and assembly reviews'] },
    { id: 'testing', title: 'Testing', icon: 'flask', summary: 'The design is proved virtually, then physically where it matters.', points: ['FEA for strength, stiffness and fatigue', 'CFD for flow, drag and temperature', 'Test plans that target what simulation cannot settle'] },
    { id: 'costing', title: 'Costing', icon: 'calculator', summary: 'The design is priced for the volumes you expect to sell.', points: ['Bills of materials from the model', 'Machining time estimates from real toolpaths', 'Options to remove cost without losing function'] },
    { id: 'development', title: 'Development', icon: 'wrench', summary: 'Prototypes and refinements close the gap between model and product.', points: ['Prototype drawings and CNC programs', 'Changes driven by test results', 'Firmware and software for connected products'] },
    { id: 'marketing', title: 'Marketing', icon: 'megaphone', summary: 'The product is shown to buyers before the first batch is made.', points: ['Photorealistic renders and exploded views', 'Animations that explain how it works', 'Technical data sheets from verified results'] },
    { id: 'production', title: 'Production', icon: 'factory', summary: 'Released drawings and programs go to the shop floor or your suppliers.', points: ['Released, toleranced production drawings', 'Proven CNC programs and set-up sheets', 'Inspection drawings and CMM support'] },
    { id: 'client-design-vault', title: 'Client Design Vault', icon: 'vault', summary: 'Everything we produce is kept safe and in order for the life of the product.', points: ['Models, drawings and reports stored against each job', 'Available to you at any time through the client portal', 'Revision history for future changes'] },
  ] satisfies ProcessPhase[],
  cta: { heading: 'Join us at any phase', body: 'Tell us where your project is now and where it needs to get to.', link: { label: 'Start a conversation', href: '/contact' } },
} as const

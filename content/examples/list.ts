import type { ExampleListItem } from './types'

/** The cards on /examples, in the order they are shown. */
export const examples: ExampleListItem[] = [
  {
    id: 'wind-load-silo',
    title: 'Wind Load on a 221 t Silo',
    category: 'FEA',
    url: '/examples/wind-load-silo',
    description: 'Shell, leg and anchor checks for a full and an empty grain silo in a 100 mph wind, from hand calculation to finite element model.',
  },
  {
    id: 'thermal-retention-study',
    title: 'Incinerator Thermal Retention',
    category: 'CFD',
    url: '/examples/thermal-retention-study',
    description: 'Proving that every parcel of flue gas stays above 850 °C for 2 seconds in a secondary combustion chamber at 1 kg/s.',
  },
  {
    id: 'aerodynamic-trailer',
    title: 'Aerodynamic Trailer Roof Profiles',
    category: 'CFD',
    url: '/examples/aerodynamic-trailer',
    description: '2D and 3D CFD of five trailer roof profiles at 60 mph, and what a 33.5 % drag cut is worth to a 100-vehicle fleet.',
  },
  {
    id: 'sliotar-cfd',
    title: 'Sliotar Seam Aerodynamics',
    category: 'CFD',
    url: '/examples/sliotar-cfd',
    description: 'The Magnus effect on a spinning hurling ball, and which seam height, 2, 3 or 4 mm, carries it furthest.',
  },
  {
    id: 'sketch-to-drawing',
    title: 'From Napkin Sketch to CAD',
    category: 'CAD',
    url: '/examples/sketch-to-drawing',
    description: 'A bracket drawn on a café napkin, turned into a parametric model and a dimensioned, toleranced drawing ready to quote.',
  },
  {
    id: 'detailed-drafting',
    title: 'Aerospace Control Drawings and CMM',
    category: 'CAD',
    url: '/examples/detailed-drafting',
    description: 'Control drawings with geometric tolerancing for an aerospace supplier, and the CMM programme that proves the parts.',
  },
  {
    id: 'concept-communication',
    title: 'Nursery Concept in 3D',
    category: 'CAD',
    url: '/examples/concept-communication',
    description: 'A day nursery extension shown in 3D so that owners, parents and the planning officer could agree on one picture.',
  },
]

/** The card of one study; the study page reuses its title and category. */
export function exampleItem(id: string): ExampleListItem {
  const item = examples.find((x) => x.id === id)
  if (!item) throw new Error(`No example with id ${id}`)
  return item
}

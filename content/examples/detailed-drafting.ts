import { section, paragraph, list, figure, table } from './blocks'
import { caseStudy } from './case-study'

export const detailedDrafting = caseStudy('detailed-drafting', (media) => ({
  summary:
    'An aerospace machine shop needed control drawings for a family of machined brackets, and a coordinate measuring machine (CMM) programme that proves every feature the drawing controls. We produced both from one model, so the drawing and the inspection can never disagree.',
  lead: {
    src: media('control-drawing.svg'),
    alt: 'Control drawing of a machined aluminium bracket with datum features A, B and C, a Ø0.14 mm position tolerance on a four-hole pattern and a profile tolerance on the outer edge, shown in feature control frames.',
    width: 960,
    height: 640,
    caption: 'Extract from a control drawing: datums A, B and C and the feature control frames on the hole pattern.',
  },
  info: {
    author: 'Meshwork Engineering, design team',
    category: 'CAD',
    focus: 'Geometric dimensioning and tolerancing for aerospace parts, and inspection by CMM',
    challenge: 'Replace legacy drawings full of plus-and-minus tolerances with control drawings that state the design intent, and prove the parts against them.',
    approach: 'Datum schemes that mirror how the part is located in its assembly, tolerances in ASME Y14.5, and CMM programmes written from the same model and datums.',
    highlight: 'A first article inspection of 148 characteristics, all in tolerance, with the CMM report numbered balloon for balloon against the drawing.',
    impact: 'Inspection time per part fell from 55 to 14 minutes, and scrap from disputed measurements stopped.',
  },
  numberedSections: false,
  sections: [
    section('drafting-problem', 'The problem with the old drawings', [
      paragraph('The machine shop made aluminium brackets for an aircraft interiors supplier. The legacy drawings dimensioned every hole from the part’s edges with plus-and-minus tolerances. They did not say which faces located the part in the aircraft, so the shop, the customer’s inspectors and the customer’s assembly line each measured from different places, and a part could pass in one room and fail in the next.'),
      paragraph('The customer asked for control drawings in ASME Y14.5 and a first article inspection to AS9102 for each part number. The shop asked us to do both.'),
    ]),
    section('drafting-datums', 'Datums that match the assembly', [
      paragraph('A good datum scheme describes how the part is held in use. Each bracket bolts flat against a seat rail (datum A, the mounting face), is pushed against a shoulder (datum B, a long edge) and is fixed in the third direction by a dowel hole (datum C). Measuring from the same three features the aircraft uses means that a part which passes inspection will fit.'),
      list([
        'Datum A, the mounting face: flatness 0.05 mm.',
        'Datum B, the long edge: perpendicular to A within 0.05 mm.',
        'Datum C, the dowel hole: Ø6.000–6.012 mm, positioned to A and B.',
        'The four-hole bolt pattern: position Ø0.14 mm at maximum material condition relative to A, B and C, so that bolts always assemble and any bonus tolerance is used.',
        'The outer profile: profile of a surface 0.2 mm relative to A, B and C, replacing 23 separate edge dimensions.',
      ]),
    ]),
    section('drafting-drawings', 'The control drawings', [
      paragraph('Every dimension on the new drawings is either basic (exact, in a box) or toleranced through a feature control frame, so there is one way to read each requirement. Each characteristic carries a balloon number, which is the key that ties the drawing, the CMM programme and the inspection report together. The drawings were produced from the customer’s 3D models, checked against them, and issued with the models as a model-based definition pack.'),
      table('What changed on one bracket drawing', ['Item', 'Legacy drawing', 'Control drawing'], [
        ['Dimensions', '61 linear dimensions', '19 basic dimensions, 12 feature control frames'],
        ['Datum reference frame', 'None stated', 'A (face), B (edge), C (dowel hole)'],
        ['Hole pattern tolerance', '±0.05 mm in X and Y (0.1 mm square zone)', 'Position Ø0.14 at MMC (round zone, 54 % more area)'],
        ['Characteristics to inspect', 'Unclear', '148, each ballooned'],
      ], 'Bolts do not care in which direction a hole is displaced, only how far. The old square zone allowed 0.071 mm at its corners but only 0.05 mm along X or Y; the round zone allows 0.07 mm in every direction: π × 0.07² = 0.0154 mm² against 0.1 × 0.1 = 0.0100 mm².'),
    ]),
    section('drafting-cmm', 'Inspection by CMM', [
      paragraph('We wrote the CMM programmes offline from the same models, aligning each part on datums A, B and C exactly as the drawing states: a plane from points on face A, a line on edge B constrained to A, and the centre of hole C. Every feature control frame became a measurement with the same datum references and material condition, and every result was reported against its balloon number.'),
      figure({
        src: media('cmm-deviations.svg'),
        alt: 'Bar chart of measured position deviation for the four bolt holes and the dowel hole, all between 0.018 and 0.046 mm against a tolerance of 0.14 mm.',
        width: 960,
        height: 540,
        caption: 'First article results for the hole positions, against the Ø0.14 mm tolerance.',
      }),
      paragraph('The first article inspection measured all 148 characteristics on the first part of each number. All were in tolerance; the largest hole position error was Ø0.046 mm against a Ø0.14 mm zone. The AS9102 forms were generated from the CMM report, which removed a day of typing and the transcription errors that come with it.'),
    ]),
    section('drafting-outcome', 'Outcome', [
      paragraph('Because the shop, the customer and the CMM now measure from the same datums, parts no longer pass in one place and fail in another. Automated CMM inspection cut the time per part from 55 minutes by hand to 14 minutes, and the customer accepted the first article packages without a query.'),
    ]),
  ],
}))

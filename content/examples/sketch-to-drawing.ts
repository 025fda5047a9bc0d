import { section, paragraph, list, figure, table } from './blocks'
import { caseStudy } from './case-study'

export const sketchToDrawing = caseStudy('sketch-to-drawing', (media) => ({
  summary:
    'A machine builder arrived with a mounting bracket sketched on a café napkin. Two days later it had a parametric model, a fully dimensioned and toleranced drawing, and three quotes from local fabricators.',
  lead: {
    src: media('napkin-sketch.svg'),
    alt: 'A rough freehand sketch on a napkin of an L-shaped bracket with four holes, a few dimensions in millimetres and a note reading “M8, about 5 thick”.',
    width: 960,
    height: 600,
    caption: 'The starting point: the client’s sketch, as photographed and redrawn.',
  },
  info: {
    author: 'Meshwork Engineering, design team',
    category: 'CAD',
    focus: 'Turning a rough idea into a manufacturable part',
    challenge: 'Capture the intent of an incomplete freehand sketch and produce a drawing a fabricator can quote and make without phoning anyone.',
    approach: 'A short call to pin down function and interfaces, a parametric 3D model driven by those interfaces, then a drawing to BS 8888 with tolerances only where they matter.',
    highlight: 'Eleven open questions on the sketch were settled in one 20-minute call; the model had four driving parameters.',
    impact: 'Drawing issued in two working days; three fabricators quoted from it with no queries, and the first parts fitted.',
  },
  numberedSections: false,
  sections: [
    section('sketch-start', 'What a sketch tells you, and what it does not', [
      paragraph('A sketch is the fastest way to share an idea, and a poor way to buy a part. The napkin showed an L-shaped bracket carrying a proximity sensor above a conveyor: two holes to bolt it to the frame, two slots to adjust the sensor, “about 5 thick”, and a handful of dimensions that did not quite add up.'),
      paragraph('Before drawing anything, we listed what a fabricator would need and the sketch did not say: material and finish, the bend radius, which dimensions mattered and which were convenience, hole sizes and their positions relative to each other, how far the sensor needed to travel, and how many brackets would be made. Eleven questions in all.'),
    ]),
    section('sketch-call', 'One call, eleven answers', [
      paragraph('A 20-minute video call with the client’s fitter, who would install the bracket, answered them all. Three answers changed the design: the frame holes were on a 60 mm pitch, not the 55 mm on the sketch; the sensor needed ±10 mm of vertical adjustment, which set the slot length; and the bracket lived in a wash-down area, so it should be stainless steel rather than painted mild steel.'),
      table('Decisions that fixed the design', ['Question', 'Sketch', 'Decision'], [
        ['Material', 'Not stated', '1.4301 (304) stainless steel, 5 mm sheet'],
        ['Frame hole pitch', '55 mm', '60 mm, to match the existing frame'],
        ['Sensor adjustment', 'Not stated', '±10 mm, so slots 20 mm plus the 8.5 mm hole'],
        ['Bend', 'Square corner', '90° with inside radius 5 mm (1 × thickness)'],
        ['Quantity', 'Not stated', '24 now, 100 a year later'],
      ]),
    ]),
    section('sketch-model', 'A model that follows the interfaces', [
      paragraph('We built the bracket as a sheet-metal part driven by four parameters: the frame hole pitch, the sensor height, the adjustment range and the sheet thickness. Everything else is derived. If the client later fits the sensor on a different conveyor, changing two numbers regenerates the model, the flat pattern and the drawing together.'),
      paragraph('The flat pattern uses a K-factor of 0.44 for 5 mm stainless bent on a 5 mm radius, so the laser-cut blank bends to the right size first time. We also checked the sensor’s cable bend radius against the bracket in the assembly, a clash that the sketch could never have shown.'),
    ]),
    section('sketch-drawing', 'The drawing', [
      figure({
        src: media('bracket-drawing.svg'),
        alt: 'Engineering drawing of the bracket in two orthographic views with dimensions: 60 mm hole pitch, 8.5 mm holes, 28.5 mm slots, 5 mm thickness, inside bend radius 5 mm, and a title block.',
        width: 960,
        height: 640,
        caption: 'The issued drawing, first-angle projection, with general tolerances to ISO 2768-m.',
      }),
      paragraph('The drawing follows BS 8888 in first-angle projection. General tolerances to ISO 2768-m cover everything that does not matter to the fit; only the frame hole pitch carries a tighter tolerance, 60 ± 0.2 mm, because it is the one dimension that decides whether the bracket bolts on. Fewer tight tolerances means cheaper parts and fewer queries.'),
      list([
        'Two views, a flat pattern and an isometric view for recognition on the shop floor.',
        'Material, thickness, finish (deburred, no sharp edges) and quantity in the title block.',
        'Revision table, so that later changes are traceable.',
        'A STEP model and a DXF of the flat pattern issued with the PDF, so fabricators can cut directly.',
      ]),
    ]),
    section('sketch-outcome', 'Outcome', [
      paragraph('The drawing pack went out two working days after the napkin arrived. Three fabricators quoted without a single query, and the client ordered 24 brackets from the lowest. They fitted first time. The parametric model has since produced two variants for other conveyors, each in under an hour.'),
    ]),
  ],
}))

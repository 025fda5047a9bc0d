import { section, paragraph, list, figure, table } from './blocks'
import { caseStudy } from './case-study'

export const conceptCommunication = caseStudy('concept-communication', (media) => ({
  summary:
    'A day nursery planned a single-storey extension. Plans and elevations meant little to the parents and staff it had to win over, so we built a 3D model and visualisations that everyone could read, and that the planning officer could trust.',
  lead: {
    src: media('nursery-visualisation.svg'),
    alt: 'Three-dimensional view of the nursery extension: a single-storey timber-clad building with a mono-pitch roof, large south-facing windows and a covered outdoor play area beside the existing brick nursery.',
    width: 960,
    height: 600,
    caption: 'The extension in 3D, from the garden, with the covered play area in front.',
  },
  info: {
    author: 'Meshwork Engineering, design team',
    category: 'CAD',
    focus: 'Communicating a building concept to non-technical stakeholders',
    challenge: 'Help owners, staff, parents and a planning officer agree on one design for a nursery extension, when few of them read technical drawings.',
    approach: 'A dimensionally accurate 3D model from the architect’s plans, rendered views at children’s and adults’ eye level, a sun study and an annotated walk-through.',
    highlight: 'A sun-path study showed the play area in sunlight from 10:00 to 16:00 in June and answered the neighbours’ overshadowing question before it became an objection.',
    impact: 'Two design changes were agreed at the first consultation evening, and planning permission was granted without amendment.',
  },
  numberedSections: false,
  sections: [
    section('nursery-brief', 'Why drawings were not enough', [
      paragraph('The nursery looks after 48 children in a converted Victorian house. Its owners wanted a 110 m² single-storey extension: a room for the under-twos, a sensory room and a covered outdoor play area. The architect’s plans were complete and correct, but at the first staff meeting it became clear that people were each imagining a different building. Parents, who would be asked for their views, would find the drawings harder still.'),
      paragraph('Our task was not to design the building but to make it visible: a model accurate enough that what people agreed to was what would be built.'),
    ]),
    section('nursery-model', 'An accurate model first', [
      paragraph('We modelled the extension, the existing house and the garden boundaries in 3D from the architect’s drawings and a site survey, to the same dimensions, levels and window sizes. Accuracy mattered more than polish: a picture that flatters the building would have misled the planning officer and the neighbours, and stored up arguments for later.'),
      list([
        'Walls, roof, windows and doors at their drawn sizes, with the 1:50 plans as the reference.',
        'Site levels from the survey, so that the ramp to the garden showed its true gradient of 1:15.',
        'Furniture at nursery scale: tables 460 mm high and chairs 260 mm, so that rooms read at the right size.',
        'Materials from the specification: larch cladding, a standing-seam roof and the existing red brick.',
      ]),
    ]),
    section('nursery-views', 'Views people could read', [
      paragraph('We chose each view to answer a question somebody had asked. Parents wanted to know what their children would see, so several views sit at a four-year-old’s eye height of 1.0 m. Staff wanted to see whether they could watch the whole play area from the room, so one view looks out from the staff station. The neighbours’ question, whether the extension would overshadow their garden, was answered by a sun study.'),
      figure({
        src: media('sun-study.svg'),
        alt: 'Plan view sun study for 21 June showing the shadow of the extension at 10:00, 13:00 and 16:00; the shadows fall within the nursery’s own garden and the play area stays in sunlight.',
        width: 960,
        height: 600,
        caption: 'Sun study for 21 June: the extension’s shadow at 10:00, 13:00 and 16:00.',
      }),
      paragraph('The sun study showed that on 21 June the play area is in sunlight from 10:00 to 16:00 and that the extension’s shadow never reaches the neighbouring garden. In December the shadow does reach the boundary fence for an hour around noon, which we showed as plainly as the good news.'),
    ]),
    section('nursery-consultation', 'Consultation and changes', [
      paragraph('At the consultation evening, the views went on screen and on boards. Within the first hour, two changes came from people who had said nothing at the drawing stage: staff asked for a low window between the baby room and the sensory room so that both could be supervised at once, and parents asked for the play-area canopy to extend over the entrance so that buggies stay dry. Both were small changes in the model and would have been expensive ones on site.'),
      table('What the 3D work delivered', ['Deliverable', 'Used for'], [
        ['Eight rendered views, including three at child eye height', 'Staff and parent consultation'],
        ['Sun study, 21 June and 21 December', 'Neighbour consultation and the planning statement'],
        ['Annotated walk-through, 90 seconds', 'The nursery’s website and open days'],
        ['Updated model and views after the two changes', 'The planning application'],
      ]),
    ]),
    section('nursery-outcome', 'Outcome', [
      paragraph('The planning application went in with the views and the sun study, and permission was granted without amendment or objection. The owners told us the most valuable result was the simplest: everyone involved agreed on the same building before a brick was laid.'),
    ]),
  ],
}))

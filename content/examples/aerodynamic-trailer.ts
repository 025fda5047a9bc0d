import { section, paragraph, orderedList, figure, table, equation } from './blocks'
import { caseStudy } from './case-study'

/** Editorial figures (content, not product rules): 60 mph, 15 °C, 1.255 kg/m³, 33.5 % drag cut, 33 L/100 km, £1.55/L, 100,000 km. */
export const aerodynamicTrailer = caseStudy('aerodynamic-trailer', (media) => ({
  summary:
    'A haulier asked whether reshaping the front of its box trailers’ roofs would pay for itself. We compared five profiles in 2D and 3D CFD at 60 mph; the best cut drag by 33.5 %, worth about £8,568 of diesel per vehicle a year.',
  lead: {
    src: media('roof-profiles.svg'),
    alt: 'Side elevations of five trailer front roof profiles: A square edge, B 45 degree chamfer, C 300 mm radius, D 600 mm radius and E elliptical fairing.',
    width: 960,
    height: 540,
    caption: 'The five roof profiles compared, drawn on the same 4.0 m high trailer front.',
  },
  info: {
    author: 'Meshwork Engineering, CFD team',
    category: 'CFD',
    focus: 'External aerodynamics of articulated box trailers at motorway speed',
    challenge: 'Show which front roof profile saves the most fuel, and whether the saving justifies re-bodying a 100-vehicle fleet.',
    approach: '2D CFD to rank five profiles quickly, then 3D CFD of the tractor and trailer for the three best, converted to fuel and money with transparent arithmetic.',
    highlight: 'The elliptical fairing cut the drag coefficient from 0.620 to 0.412, a 33.5 % reduction.',
    impact: 'About 16.75 % less fuel: roughly £8,568 per vehicle a year and £856,800 across a 100-vehicle fleet.',
  },
  numberedSections: true,
  sections: [
    section('trailer-brief', 'The brief', [
      paragraph('Our client runs a fleet of 100 articulated lorries on long motorway legs. Its trailers have a square-edged front roof: cheap to build, but the air that climbs over the cab roof meets a sharp corner and separates, leaving a thick, slow wake along the whole trailer roof. Separated flow is drag, and drag at motorway speed is diesel.'),
      paragraph('The question was practical: of the profiles a trailer builder can actually make, which saves the most fuel, and is the saving large enough to justify modifying every trailer? We set out to answer it with numbers that the finance director could check on the back of an envelope.'),
    ]),
    section('trailer-conditions', 'Operating point', [
      paragraph('All runs use one operating point representative of the fleet’s motorway running: a steady 60 mph in still air at 15 °C, with the air density taken as 1.255 kg/m³. 60 mph is 60 × 0.44704 = 26.82 m/s.'),
      equation({
        id: 'trailer-dynamic-pressure',
        tex: 'q = \\tfrac{1}{2}\\rho v^2 = 0.5 \\times 1.255 \\times 26.82^2 = 451.4\\ \\text{Pa}',
        text: 'q = ½ ρ v² = 0.5 × 1.255 kg/m³ × (26.82 m/s)² = 451.4 Pa',
      }),
      paragraph('The drag force follows from the drag coefficient Cd and the frontal area A of 2.55 m × 4.00 m = 10.2 m²: F = q × Cd × A, and the power needed to push that force along the road is P = F × v.'),
      equation({
        id: 'trailer-drag-force',
        tex: 'F = q\\,C_d\\,A, \\qquad P = F\\,v',
        text: 'F = q × Cd × A, and P = F × v',
      }),
    ]),
    section('trailer-profiles', 'The five roof profiles', [
      paragraph('Each profile changes only the leading 900 mm of the trailer roof, so the load space inside is untouched. The builder confirmed that all five could be fabricated from the existing aluminium roof sheet and GRP mouldings.'),
      table('Roof profiles compared', ['Profile', 'Description', 'Change to the front roof edge'], [
        ['A', 'Square edge (existing)', 'None: 90° corner'],
        ['B', '45° chamfer', '300 mm × 300 mm flat chamfer'],
        ['C', '300 mm radius', 'Constant radius blended into roof and front'],
        ['D', '600 mm radius', 'Constant radius, larger GRP moulding'],
        ['E', 'Elliptical fairing', '900 mm long by 600 mm high elliptical nose'],
      ]),
    ]),
    section('trailer-2d', '2D CFD: ranking the profiles', [
      paragraph('A two-dimensional model of the vehicle’s centre plane is quick to mesh and solve, so we used it to rank the profiles before spending computing time on 3D. Each case used a steady RANS solution with the k–ω SST turbulence model, a moving ground at road speed and about 240,000 cells, with inflation layers keeping y+ near 1 on the cab and trailer surfaces.'),
      table('2D centre-plane drag coefficients', ['Profile', 'Cd (2D)', 'Change from A'], [
        ['A Square edge', '0.740', '—'],
        ['B 45° chamfer', '0.619', '−16.3 %'],
        ['C 300 mm radius', '0.555', '−25.0 %'],
        ['D 600 mm radius', '0.507', '−31.5 %'],
        ['E Elliptical fairing', '0.466', '−37.0 %'],
      ], '2D coefficients are per unit span and overstate the differences: air cannot escape round the sides in 2D.'),
      paragraph('The ranking was clear and monotonic: the more gently the roof edge turns the flow, the smaller the separation bubble and the lower the drag. The 2D model exaggerates the gains because the flow has no third dimension to spill into, which is why the decision rests on the 3D results.'),
    ]),
    section('trailer-3d', '3D CFD: the full vehicle', [
      paragraph('The 3D model included the tractor unit, the cab-to-trailer gap, wheels, mirrors and the trailer underside, on a half-model with a symmetry plane and about 18 million cells. We ran all five profiles so that the 2D ranking could be checked rather than assumed.'),
      table('3D drag at 60 mph (q = 451.4 Pa, A = 10.2 m²)', ['Profile', 'Cd (3D)', 'Drag force', 'Drag power', 'Change from A'], [
        ['A Square edge', '0.620', '2,855 N', '76.6 kW', '—'],
        ['B 45° chamfer', '0.533', '2,455 N', '65.9 kW', '−14.0 %'],
        ['C 300 mm radius', '0.487', '2,241 N', '60.1 kW', '−21.5 %'],
        ['D 600 mm radius', '0.443', '2,041 N', '54.8 kW', '−28.5 %'],
        ['E Elliptical fairing', '0.412', '1,899 N', '50.9 kW', '−33.5 %'],
      ], 'Example for profile A: F = 451.4 × 0.620 × 10.2 = 2,855 N; P = 2,855 × 26.82 = 76.6 kW.'),
      figure({
        src: media('drag-comparison.svg'),
        alt: 'Bar chart of drag coefficient by roof profile in 2D and 3D CFD. 3D values: A 0.620, B 0.533, C 0.487, D 0.443, E 0.412.',
        width: 960,
        height: 540,
        caption: 'Drag coefficient of each profile in 2D and 3D. The ranking holds; the 3D gains are smaller.',
      }),
      paragraph('The 3D results confirmed the 2D ranking. The elliptical fairing keeps the flow attached over the front of the roof and reduces the low-pressure region behind the corner; it cut the drag coefficient from 0.620 to 0.412, a reduction of (0.620 − 0.412) / 0.620 = 33.5 %.'),
    ]),
    section('trailer-fuel', 'From drag to fuel and money', [
      paragraph('Drag is not the only thing the engine works against: rolling resistance and drivetrain losses take their share. For a loaded articulated lorry at a steady 60 mph on a level road, aerodynamic drag accounts for roughly half of the tractive power, so a drag reduction saves about half as much fuel. We therefore take the fuel economy gain as half the drag cut.'),
      equation({
        id: 'trailer-fuel-gain',
        tex: '\\Delta_{\\text{fuel}} \\approx \\tfrac{1}{2}\\,\\Delta_{\\text{drag}} = 0.5 \\times 33.5\\,\\% = 16.75\\,\\%',
        text: 'fuel saving ≈ ½ × drag reduction = 0.5 × 33.5 % = 16.75 %',
      }),
      orderedList([
        'Baseline consumption: 33 L/100 km over 100,000 km a year is 33 × 1,000 = 33,000 litres.',
        'Baseline fuel bill at £1.55 per litre: 33,000 × £1.55 = £51,150 a year per vehicle.',
        'Consumption with profile E: 33 × (1 − 0.1675) = 27.47 L/100 km.',
        'Fuel saved: 33,000 × 0.1675 = 5,527.5 litres a year per vehicle.',
        'Money saved: 5,527.5 × £1.55 = £8,567.63, or about £8,568 per vehicle a year (the same as 16.75 % of £51,150).',
        'Across the fleet: 100 × £8,568 = £856,800 a year.',
      ]),
      table('Annual fuel cost per vehicle and for the fleet', ['Case', 'L/100 km', 'Litres a year', 'Cost per vehicle', 'Cost for 100 vehicles'], [
        ['Profile A (existing)', '33.00', '33,000', '£51,150', '£5,115,000'],
        ['Profile E (fairing)', '27.47', '27,472.5', '£42,582', '£4,258,200'],
        ['Saving', '5.53', '5,527.5', '£8,568', '£856,800'],
      ], 'Costs rounded to the nearest pound; the fleet rows use the rounded per-vehicle saving (£5,115,000 − £856,800 = £4,258,200).'),
      figure({
        src: media('annual-fuel-cost.svg'),
        alt: 'Bar chart of annual fuel cost per vehicle: £51,150 with the square-edged roof and £42,582 with the elliptical fairing, a saving of £8,568.',
        width: 960,
        height: 540,
        caption: 'Annual fuel cost per vehicle before and after the fairing.',
      }),
    ]),
    section('trailer-caveats', 'What the numbers do and do not say', [
      paragraph('The fleet figure is an upper estimate. It assumes every kilometre is driven at 60 mph in still air; urban running, hills, congestion and headwinds all change the share of fuel that goes into drag. Crosswinds, on the other hand, usually favour rounded profiles even more, because a square edge separates badly in yaw.'),
      paragraph('Even at half the estimate, the fairing pays for itself within months on a vehicle covering 100,000 km a year. We recommended fitting profile E to ten trailers first and logging their fuel against ten unmodified trailers on the same routes for a quarter, so that the fleet decision rests on the client’s own measured data.'),
    ]),
  ],
}))

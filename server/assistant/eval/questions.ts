import { camCourses, serviceRates, trainingCourses } from '../../../lib/catalogue'
import { site } from '../../../lib/site'

export interface EvalQuestion {
  question: string
  /** Every one of these must appear in the answer (case-insensitive). */
  expect: string[]
  /** The answer must not contain any of these (e.g. another service's rate). */
  forbid?: string[]
  /** The facts live in the page content (content/), which is edited freely; the rest come from lib/. */
  fromContent?: boolean
}

const rate = (slug: string) => `£${serviceRates.find((r) => r.slug === slug)!.hourlyRate}/hr`
const course = (name: string) => trainingCourses.find((c) => c.name === name)!
const cam = (code: string) => camCourses.find((c) => c.code === code)!
const DONT_KNOW = "don't know"

/**
 * Questions a prospective client asks, each with the facts the site states (read from the same
 * modules the pages render). Off-topic questions expect the plain "don't know" hand-over.
 */
export const evalQuestions: EvalQuestion[] = [
  // Rates
  { question: 'How much does CAD design cost?', expect: [rate('cad')] },
  { question: 'What is your hourly rate for FEA analysis?', expect: [rate('fea')] },
  { question: 'How much do you charge per hour for CFD?', expect: [rate('cfd')] },
  { question: 'What does CAM programming cost?', expect: [rate('cam')] },
  { question: 'What is the price of API development?', expect: [rate('api')] },
  { question: 'what are your rates', expect: [rate('cad'), rate('fea'), rate('cfd'), rate('cam'), rate('api')] },
  { question: 'How expensive is a finite element analysis per hour?', expect: [rate('fea')] },
  { question: 'cfd rate?', expect: [rate('cfd')] },
  // Training courses
  { question: 'How long is the CAD Fundamentals course?', expect: [course('CAD Fundamentals').duration] },
  { question: 'How much is the CAD Fundamentals course per day?', expect: [`£${course('CAD Fundamentals').dayPrice}`] },
  { question: 'How long does the Advanced CAD training take?', expect: [course('Advanced CAD').duration] },
  { question: 'What is the day price of Advanced CAD training?', expect: [`£${course('Advanced CAD').dayPrice}`] },
  { question: 'How much is the FEA training course?', expect: [`£${course('FEA Analysis').dayPrice}`] },
  { question: 'What level is the FEA Analysis course?', expect: [course('FEA Analysis').level] },
  { question: 'How many days is the CFD Simulation course?', expect: [course('CFD Simulation').duration] },
  { question: 'What does CFD Simulation training cost per day?', expect: [`£${course('CFD Simulation').dayPrice}`] },
  { question: 'Is the CFD Simulation course for beginners or advanced users?', expect: [course('CFD Simulation').level] },
  { question: 'Which training course is for beginners?', expect: ['CAD Fundamentals'] },
  { question: 'How many people can attend a training group?', expect: ['6 participants'] },
  { question: 'What is the maximum class size for training?', expect: ['6'] },
  { question: 'What training courses do you offer?', expect: ['CAD Fundamentals', 'Advanced CAD', 'FEA Analysis', 'CFD Simulation'] },
  // CAM / CNC courses
  { question: 'How long is the ISO 6983 G-code course?', expect: [`${cam('101').duration} hours`] },
  { question: 'How many hours is the Heidenhain plain language course?', expect: [`${cam('102').duration} hours`] },
  { question: 'How long is parametric programming training?', expect: [`${cam('103').duration} hours`] },
  { question: 'Do the CNC courses come with a certificate?', expect: ['certificate of competence'] },
  { question: 'How many participants can join a CAM course?', expect: [`${cam('101').classSize} participants`] },
  { question: 'Which CNC programming courses do you run?', expect: ['G-code', 'Heidenhain', 'Parametric'] },
  { question: 'Who is the ISO 6983 G-code course for?', expect: ['machinists'] },
  { question: 'Do I need programming experience for the G-code course?', expect: ['no programming experience is needed'] },
  { question: 'Who is the parametric programming course for?', expect: ['experienced CNC programmers'] },
  { question: 'Is the parametric programming course suitable for beginners?', expect: ['experienced CNC programmers'] },
  { question: 'Who should attend the Heidenhain course?', expect: ['Heidenhain TNC controls'] },
  { question: 'What does the Heidenhain plain language course teach?', expect: [cam('102').learningTopics[2]!] },
  // Office and contact
  { question: 'Where is your office?', expect: [site.address.town] },
  { question: 'Where are you based?', expect: [site.address.town, site.address.county] },
  { question: 'What is your postcode?', expect: [site.address.postcode] },
  { question: 'What is your email address?', expect: [site.email] },
  { question: 'Can I phone you?', expect: [site.phone ?? site.email] },
  // Starting a job
  { question: 'How do I start a job with you?', expect: ['job request', '/profile'] },
  { question: 'How can I get a quote for my project?', expect: ['/contact'] },
  { question: 'I want to hire you for a project, how do I begin?', expect: ['job request'] },
  // Case studies and projects (route descriptions and page content)
  { question: 'How heavy was the silo in the wind load study?', expect: ['221 t'] },
  { question: 'What wind speed was used for the silo?', expect: ['100 mph'] },
  { question: 'What temperature must the incinerator flue gas stay above?', expect: ['850'] },
  { question: 'What does the sliotar study look at?', expect: ['Magnus'] },
  { question: 'What is the ESP32 gauges project?', expect: ['automotive gauges'] },
  { question: 'What is BoneNet?', expect: ['mesh firmware'] },
  { question: 'Do you do detailed drafting for aerospace?', expect: ['CMM'] },
  // Page content (content/ modules)
  { question: 'Which software do you use?', expect: ['AutoCAD', 'SolidWorks', 'Revit', 'Ansys'], fromContent: true },
  { question: 'Do you offer discounts for buying hours in bulk?', expect: ['bulk-hour discount'], fromContent: true },
  { question: 'Do you provide support after a project?', expect: ['email or phone'], fromContent: true },
  { question: 'Can training be delivered online?', expect: ['online'], fromContent: true },
  { question: 'What is the Client Design Vault?', expect: ['client portal'], fromContent: true },
  { question: 'Which industries do you serve?', expect: ['Aerospace', 'Automotive'], fromContent: true },
  { question: 'How much could a 100-vehicle fleet save with an aerodynamic trailer roof?', expect: ['856,800'], fromContent: true },
  { question: 'What is the best seam height for a sliotar?', expect: ['3 mm'], fromContent: true },
  { question: 'Which software do you use for CFD?', expect: ['Ansys'], fromContent: true },
  // Not on the site: the assistant says so and hands over
  { question: 'What will the weather be like in Paris tomorrow?', expect: [DONT_KNOW, '/contact'] },
  { question: 'Can you recommend a good pizza restaurant?', expect: [DONT_KNOW] },
  { question: 'What is the share price of Tesla?', expect: [DONT_KNOW] },
  { question: 'Who won the football match last night?', expect: [DONT_KNOW] },
  { question: 'Do you repair washing machines?', expect: [DONT_KNOW] },
  { question: 'Do you do 3D printing?', expect: [DONT_KNOW] },
]

import type { IconName } from './types'

export interface TrainingTopic {
  title: string
  description: string
  icon: IconName
}

export interface CourseDetails {
  /** Name of the course in lib/catalogue.ts trainingCourses, where duration, level and price live. */
  course: string
  summary: string
  topics: string[]
}

export interface DeliveryOption {
  title: string
  icon: IconName
  description: string
}

export const training = {
  heading: 'Training',
  intro:
    'Practical courses taught by engineers who use the software on client work every week. Groups are small, the exercises come from real projects, and you can bring your own models.',
  topicsHeading: 'What we teach',
  topics: [
    { title: 'Parametric CAD', icon: 'cube', description: 'Build models that capture design intent, so a change to one dimension updates parts, assemblies and drawings together.' },
    { title: 'Revit BIM', icon: 'building', description: 'Building information modelling in Revit: families, views, schedules and coordination for architects and building-services engineers.' },
    { title: 'AutoCAD', icon: 'pencil', description: 'Fast, accurate 2D drafting: layers, blocks, annotation, layouts and plotting to a consistent office standard.' },
    { title: 'CGI and animation', icon: 'monitor', description: 'Photorealistic renders and walk-through animations that explain a design to clients, planners and investors.' },
  ] satisfies TrainingTopic[],
  coursesHeading: 'Courses',
  coursesIntro: 'Each course can be run over the shorter or the longer duration, depending on how much time you want to spend on your own projects.',
  courses: [
    { course: 'CAD Fundamentals', summary: 'For new users and for those who learnt by trial and error.', topics: ['Sketching and constraints', 'Features and patterns', 'Assemblies and mates', 'Production drawings'] },
    { course: 'Advanced CAD', summary: 'For designers who want models that survive change.', topics: ['Top-down assembly design', 'Configurations and design tables', 'Surface modelling', 'Automation and custom properties'] },
    { course: 'FEA Analysis', summary: 'For engineers who will run their own structural simulations.', topics: ['Idealisation and meshing', 'Loads, restraints and contact', 'Convergence and verification', 'Fatigue and reporting'] },
    { course: 'CFD Simulation', summary: 'For engineers tackling flow and heat transfer problems.', topics: ['Domains and meshing for flow', 'Turbulence models', 'Heat transfer and radiation', 'Post-processing and validation'] },
  ] satisfies CourseDetails[],
  perDay: 'per day',
  groupSizeLabel: 'Maximum group size',
  participants: 'participants',
  deliveryHeading: 'How courses are delivered',
  delivery: [
    { title: 'On site', icon: 'factory', description: 'We come to you and teach on your own workstations, with your software set-up and your parts.' },
    { title: 'At our office', icon: 'building', description: 'Small classroom sessions at our Hebden Bridge office, with workstations and lunch provided.' },
    { title: 'Live online', icon: 'monitor', description: 'Instructor-led sessions over video with screen sharing, split into half days to fit around work.' },
  ] satisfies DeliveryOption[],
  reasonsHeading: 'Why train with us',
  reasons: [
    'Taught by practising engineers, not presenters',
    'Small groups, so every participant gets time with the tutor',
    'Exercises drawn from real consultancy projects',
    'Course notes and example files to keep',
    'Follow-up questions answered by email for a month after the course',
    'Content tailored to your industry on request',
  ],
  contact: {
    heading: 'Book a course or ask a question',
    body: 'Tell us which course interests you, how many people would attend and where. We will confirm dates and a price for the group.',
    links: [
      { label: 'Contact us', href: '/contact' },
      { label: 'CNC programming courses', href: '/services/cam' },
      { label: 'Training questions answered', href: '/faqs' },
    ],
  },
} as const

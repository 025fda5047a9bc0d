/**
 * Business constants (rates, courses, limits, timings), in one place: pages, tests and the assistant read them here.
 */
export type ServiceSlug = 'cad' | 'fea' | 'cfd' | 'cam' | 'api'

export interface ServiceRate {
  slug: ServiceSlug
  name: string
  path: string
  /** Pounds per hour. */
  hourlyRate: number
  /** CAD is quoted "from" its rate. */
  from: boolean
}

export const serviceRates: ServiceRate[] = [
  { slug: 'cad', name: 'CAD Design', path: '/services/cad', hourlyRate: 45, from: true },
  { slug: 'fea', name: 'FEA Analysis', path: '/services/fea', hourlyRate: 80, from: false },
  { slug: 'cfd', name: 'CFD Analysis', path: '/services/cfd', hourlyRate: 85, from: false },
  { slug: 'cam', name: 'CAM', path: '/services/cam', hourlyRate: 60, from: false },
  { slug: 'api', name: 'API Development', path: '/services/api', hourlyRate: 70, from: false },
]

/** "from £45/hr" or "£80/hr" */
export function formatRate(rate: ServiceRate): string {
  return `${rate.from ? 'from ' : ''}£${rate.hourlyRate}/hr`
}

export type CourseLevel = 'Beginner' | 'Intermediate' | 'Advanced'

export interface TrainingCourse {
  name: string
  /** e.g. "2-3 days" */
  duration: string
  dayPrice: number
  level: CourseLevel
}

export const trainingCourses: TrainingCourse[] = [
  { name: 'CAD Fundamentals', duration: '2-3 days', dayPrice: 450, level: 'Beginner' },
  { name: 'Advanced CAD', duration: '3-4 days', dayPrice: 500, level: 'Intermediate' },
  { name: 'FEA Analysis', duration: '2-3 days', dayPrice: 550, level: 'Intermediate' },
  { name: 'CFD Simulation', duration: '3-4 days', dayPrice: 600, level: 'Advanced' },
]

export const MAX_TRAINING_PARTICIPANTS = 6

/** A CAM/CNC course: the facts the CAM page shows and the assistant quotes. */
export interface CamCourse {
  code: string
  name: string
  /** Hours */
  duration: number
  classSize: number
  /** Who the course is for, as one sentence. */
  target: string
  learningTopics: string[]
  certificate: string
}

export const camCourses: CamCourse[] = [
  {
    code: '101',
    name: 'ISO 6983 G-code',
    duration: 40,
    classSize: 5,
    target: 'Machinists, setters and apprentices who run CNC mills or lathes and want to read, edit and write programs by hand. No programming experience is needed.',
    learningTopics: [
      'Machine axes, co-ordinate systems and work offsets',
      'Program structure: preparatory (G) and miscellaneous (M) codes',
      'Linear and circular interpolation',
      'Tool length and cutter radius compensation',
      'Canned cycles for drilling, tapping and boring',
      'Proving a program: dry runs, single block and reading alarms',
    ],
    certificate: 'Certificate of competence',
  },
  {
    code: '102',
    name: 'Heidenhain plain language',
    duration: 40,
    classSize: 5,
    target: 'Operators and programmers of machines with Heidenhain TNC controls, including those moving over from ISO G-code.',
    learningTopics: [
      'Program structure, blank form and tool calls',
      'Path functions: lines, arcs and chamfers in plain language',
      'FK free contour programming from incomplete drawings',
      'Datum shifts, presets and tilted working planes',
      'Fixed cycles for drilling, pockets and contours',
      'Subprograms and program-section repeats with labels',
    ],
    certificate: 'Certificate of competence',
  },
  {
    code: '103',
    name: 'Parametric programming',
    duration: 20,
    classSize: 5,
    target: 'Experienced CNC programmers who already write G-code or Heidenhain programs (course 101 or 102, or the same experience) and want one program for a whole family of parts.',
    learningTopics: [
      'Variables and Q parameters',
      'Arithmetic and trigonometric functions',
      'Conditional jumps and loops',
      'One program for a family of parts',
      'Custom cycles that take arguments',
      'Probing results and safety checks in the program',
    ],
    certificate: 'Certificate of competence',
  },
]

export const timings = {
  /** Update button reset and status time-out. */
  statusResetMs: 3000,
  trainingCarouselMs: 5000,
  serviceCarouselMs: 7000,
  imageFadeMs: 500,
} as const

export const limits = {
  passwordMinLength: 8,
  contactMessageMax: 1800,
  nameMinLetters: 3,
  nameMaxLetters: 26,
  minimumAge: 13,
  priorityMin: 1,
  priorityMax: 5,
  priorityDefault: 3,
  jobListMaxHeightPx: 500,
  mapKeyMinLength: 10,
  /** How long a company invitation's link works. */
  companyInvitationDays: 7,
  /** Invitations a company may have waiting at once. */
  companyPendingInvitationsMax: 20,
} as const

/**
 * Files of these MIME types open in a new tab; others are downloaded. Uploaded html, css and
 * javascript open as their source text (the server sends them as text/plain in a sandbox), never as
 * themselves: from the site's own origin they would run or style as the site.
 */
export const previewMimeTypes = ['image/jpeg', 'image/png', 'image/gif', 'application/pdf', 'text/plain', 'text/html', 'text/css', 'text/javascript'] as const

/** Previewed types that the server sends as their source text, never as active content. */
export const sourcePreviewMimeTypes = ['text/html', 'text/css', 'text/javascript'] as const

import { camCourses, formatRate, MAX_TRAINING_PARTICIPANTS, serviceRates, trainingCourses } from '../../../lib/catalogue'
import { routeTable } from '../../../lib/route-table'
import { formatAddress, site } from '../../../lib/site'
import type { KnowledgeDocument } from './knowledge-document'

const PRICE_WORDS = 'price prices cost costs charge charges fee fees rate rates hourly how much per hour quote expensive'
/** What clients call each service, beyond its name. */
const SERVICE_WORDS: Record<string, string> = {
  cad: 'computer aided design drawing drawings drafting modelling 3d model',
  fea: 'finite element structural stress analysis simulation',
  cfd: 'computational fluid dynamics flow aerodynamics simulation',
  cam: 'cnc programming machining toolpaths',
  api: 'software integration web development',
}
const COURSE_WORDS = 'course courses training class lesson learn duration how long days level price cost per day'
const AUDIENCE_WORDS = 'course training who for suitable audience aimed attend take should beginner experienced prerequisite need experience'
const TOPIC_WORDS = 'course training what teach taught learn learning topics cover covered syllabus content contents subjects'

/**
 * Passages from the business constants (lib/catalogue.ts), the company details (lib/site.ts) and the
 * route table: the same values the pages render, so the assistant cannot drift from the site.
 */
export function collectCatalogueDocuments(): KnowledgeDocument[] {
  const docs: KnowledgeDocument[] = []
  // The catalogue is the source of every price and duration the pages show: rank it above prose.
  const add = (doc: KnowledgeDocument) => docs.push({ weight: 1.6, ...doc })

  for (const rate of serviceRates) {
    add({
      id: `rate-${rate.slug}`,
      title: rate.name,
      url: rate.path,
      text: `${rate.name} is charged ${formatRate(rate)} (an hourly rate). For a quote, send the details of your project through the contact page or a job request.`,
      keywords: `${PRICE_WORDS} ${rate.slug} service ${SERVICE_WORDS[rate.slug] ?? ''}`,
    })
  }
  add({
    id: 'rates-all',
    title: 'Services',
    url: '/services',
    text: `Our hourly rates: ${serviceRates.map((r) => `${r.name} ${formatRate(r)}`).join(', ')}.`,
    keywords: `${PRICE_WORDS} services all list offer what do you do`,
  })

  for (const course of trainingCourses) {
    add({
      id: `course-${course.name.toLowerCase().replace(/\W+/g, '-')}`,
      title: 'Training',
      url: '/training',
      text: `The ${course.name} course lasts ${course.duration} and costs £${course.dayPrice} per day; its level is ${course.level}. Groups have at most ${MAX_TRAINING_PARTICIPANTS} participants.`,
      keywords: COURSE_WORDS,
    })
  }
  add({
    id: 'courses-all',
    title: 'Training',
    url: '/training',
    text: `We run ${trainingCourses.length} training courses: ${trainingCourses.map((c) => `${c.name} (${c.duration}, £${c.dayPrice}/day, ${c.level})`).join('; ')}. Each group has a maximum of ${MAX_TRAINING_PARTICIPANTS} participants.`,
    keywords: `${COURSE_WORDS} offer run teach maximum participants group size people attendees students class size`,
  })

  for (const course of camCourses) {
    add({
      id: `cam-course-${course.code}`,
      title: 'CAM',
      url: '/services/cam',
      text: `CAM/CNC course ${course.code} ${course.name}: ${course.duration} hours, up to ${course.classSize} participants, and it ends with a ${course.certificate.toLowerCase()}.`,
      keywords: `${COURSE_WORDS} cnc machining programming hours certificate participants class size`,
    })
    add({
      id: `cam-course-${course.code}-target`,
      title: 'CAM',
      url: '/services/cam',
      text: `Course ${course.code} ${course.name} is for: ${lowerFirst(course.target)}`,
      keywords: `${AUDIENCE_WORDS} cnc machining programming`,
    })
    add({
      id: `cam-course-${course.code}-topics`,
      title: 'CAM',
      url: '/services/cam',
      text: `Course ${course.code} ${course.name} teaches: ${course.learningTopics.map(lowerFirst).join('; ')}.`,
      keywords: `${TOPIC_WORDS} cnc machining programming`,
    })
  }
  add({
    id: 'cam-courses-all',
    title: 'CAM',
    url: '/services/cam',
    text: `Our CAM/CNC courses: ${camCourses.map((c) => `${c.code} ${c.name} (${c.duration} hours)`).join(', ')}. Each takes up to ${camCourses[0]?.classSize ?? 5} participants and ends with a certificate of competence.`,
    keywords: `${COURSE_WORDS} run teach cnc machining g-code heidenhain parametric certificate`,
  })

  add({
    id: 'office',
    title: 'Contact',
    url: '/contact',
    text: `Our office is at ${formatAddress()}, ${site.address.country}. The [contact page](/contact) shows it on a map.`,
    keywords: 'where office address located location based find visit postcode town map directions yorkshire',
  })
  add({
    id: 'contact-details',
    title: 'Contact',
    url: '/contact',
    text: `You can reach ${site.companyName} by email at ${site.email}, ${site.phone ? `by phone on ${site.phone}, ` : ''}or through the form on the contact page.`,
    keywords: 'contact email address e-mail phone number call telephone reach talk speak human person message',
  })
  add({
    id: 'start-job',
    title: 'Dashboard',
    url: '/profile',
    text: 'To start a job, sign in and place a job request from your dashboard (Create Job Request), attaching your drawings or files; or send us a message on the [contact page](/contact) and we will come back to you with a quote.',
    keywords: 'start job begin project request order hire commission quote how do i get started work with you engage',
  })

  for (const route of routeTable) {
    if (route.path.startsWith('/profile') || route.path === '/support') continue
    const keywords = route.path.startsWith('/examples/') ? 'case study example' : route.path.startsWith('/projects/') ? 'project' : undefined
    add({ id: `route-${route.path}`, title: route.title, url: route.path, text: `${route.title}: ${route.description}`, keywords, weight: 1 })
  }
  return docs
}

/** "Machinists, setters…" reads as "machinists, setters…" after a colon; codes such as "FK" or "ISO" keep their case. */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text
}

/**
 * The site's words, in one place. Pages render these modules, and the chat assistant's knowledge
 * index reads the same modules, so an edit here changes both.
 */
export * from './types'
export { home } from './home'
export { services, servicesOverview, findService } from './services'
export type { ServiceContent, CapabilityGroup, TrainingProgram } from './services'
export { training } from './training'
export type { TrainingTopic, CourseDetails, DeliveryOption } from './training'
export { about } from './about'
export { designProcess } from './process'
export type { ProcessPhase } from './process'
export { projects, projectsOverview, findProject } from './projects'
export type { ProjectContent } from './projects'
export { faqGroups, faqsPage } from './faqs'
export type { Faq, FaqGroup } from './faqs'
export { support } from './support'
export { contactPage } from './contact'
export { terms } from './legal/terms'
export { privacy } from './legal/privacy'
export { cookiePolicy } from './legal/cookie'
export type { CookieType } from './legal/cookie'

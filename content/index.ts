/**
 * The site's words, in one place. Pages render these modules, and the chat assistant's knowledge
 * index reads every object exported here (server/assistant/knowledge/collect-content-documents.ts), so
 * an edit here changes both; an object exported only for the assistant (e.g. servicesOverview) is still
 * in use.
 */
export * from './types'
export { home } from './home'
export { services, servicesOverview } from './services'
export { training } from './training'
export { about } from './about'
export { designProcess } from './process'
export { projects, projectsOverview } from './projects'
export { faqGroups, faqsPage } from './faqs'
export { support } from './support'
export { contactPage } from './contact'
export { terms } from './legal/terms'
export { privacy } from './legal/privacy'
export { cookiePolicy } from './legal/cookie'

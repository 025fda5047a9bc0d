import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { about, cookiePolicy, designProcess, faqGroups, home, privacy, projects, services, support, terms, training } from '../../../content'
import { camCourses, MAX_TRAINING_PARTICIPANTS, trainingCourses } from '../../../lib/catalogue'
import { site } from '../../../lib/site'
import { launchBrowser, newTrackedPage, screenshotOnFailure, type TrackedPage } from '../../setup/browser'
import { startTestServer, type TestServer } from '../../setup/test-server'
import { expectNoAxeViolations, texts } from './support'

describe('public pages: a visitor reads every page', () => {
  let server: TestServer
  let browser: Browser
  let tracked: TrackedPage | undefined

  beforeAll(async () => {
    ;[server, browser] = await Promise.all([startTestServer(), launchBrowser()])
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    server?.cleanup()
  })

  /** Opens a page in a fresh context, checks its h1, runs axe, and hands the page to the test. */
  async function visit(path: string, heading: string) {
    if (tracked) await tracked.context.close()
    tracked = await newTrackedPage(browser)
    const { page } = tracked
    const response = await page.goto(server.url + path)
    expect(response?.status()).toBe(200)
    expect(await page.locator('main h1').innerText()).toBe(heading)
    return page
  }

  async function finish(name: string) {
    if (!tracked) return
    try {
      await expectNoAxeViolations(tracked.page)
      expect(tracked.errors).toEqual([])
    } catch (error) {
      await screenshotOnFailure(tracked.page, name)
      throw error
    }
  }

  it('home: headline, the three actions and the four feature cards', async () => {
    const page = await visit('/', home.headline)
    const main = page.locator('main section[aria-labelledby="home-heading"]')
    expect(await main.getByRole('link', { name: 'Get Started', exact: true }).getAttribute('href')).toBe('/contact')
    expect(await main.getByRole('link', { name: 'View Examples', exact: true }).getAttribute('href')).toBe('/examples')
    expect(await main.getByRole('link', { name: 'Ask our assistant' }).getAttribute('href')).toBe('/?chat=open')
    expect(await texts(page, 'main #features-heading ~ ul h3')).toEqual(['Fast Turnaround', 'Precision Engineering', 'Cost Effective', 'Client Portal'])
    await finish('home')
  })

  it('services: five cards with the hourly rates, links to each service and Request a Quote', async () => {
    const page = await visit('/services', 'Services')
    const cards = page.locator('main [data-service]')
    expect(await cards.count()).toBe(5)
    const rates = Object.fromEntries(await Promise.all((await cards.all()).map(async (c) => [await c.getAttribute('data-service'), (await c.locator('[data-rate]').innerText()).trim()])))
    expect(rates).toEqual({ cad: 'from £45/hr', fea: '£80/hr', cfd: '£85/hr', cam: '£60/hr', api: '£70/hr' })
    for (const slug of ['cad', 'fea', 'cfd', 'cam', 'api']) {
      expect(await page.locator(`main [data-service="${slug}"] a`).getAttribute('href')).toBe(`/services/${slug}`)
      expect(await page.locator(`main [data-service="${slug}"] li`).count()).toBeGreaterThanOrEqual(3)
    }
    expect(await page.locator('main').getByRole('link', { name: 'Request a Quote' }).getAttribute('href')).toBe('/contact')
    await finish('services')
  })

  for (const service of services) {
    it(`/services/${service.slug}: capabilities, industries, software, call-out and the Training Programs carousel`, async () => {
      const page = await visit(`/services/${service.slug}`, service.title)
      const h2 = await texts(page, 'main h2')
      expect(h2).toEqual(expect.arrayContaining(['Capabilities', 'Industries', 'Software', 'Training Programs']))
      expect(await page.locator('main [data-callout]').innerText()).toContain(service.callout.title)
      for (const group of service.capabilities) expect(await page.locator('main').innerText()).toContain(group.items[0])
      for (const name of service.software) expect(await page.locator('main').innerText()).toContain(name)
      const carousel = page.locator('main [aria-roledescription="carousel"]')
      expect(await carousel.getAttribute('aria-labelledby')).toBeTruthy()
      expect(await carousel.locator('[aria-roledescription="slide"]').count()).toBe(service.trainingPrograms.length)
      expect(await page.locator('main').getByRole('link', { name: 'Request a Quote' }).getAttribute('href')).toBe('/contact')
      await finish(`service-${service.slug}`)
    })
  }

  it('/services/cam lists the three CNC courses: hours, up to 5 participants, certificate of competence, who each is for and what it teaches', async () => {
    const page = await visit('/services/cam', 'CAM')
    const courses = await texts(page, 'main [data-course]')
    expect(courses).toHaveLength(3)
    expect(courses[0]).toMatch(/Course 101.*ISO 6983 G-code.*40 hours.*Up to 5 participants.*Certificate of competence/)
    expect(courses[1]).toMatch(/Course 102.*Heidenhain plain language.*40 hours.*Up to 5 participants.*Certificate of competence/)
    expect(courses[2]).toMatch(/Course 103.*Parametric programming.*20 hours.*Up to 5 participants.*Certificate of competence/)
    expect(camCourses.map((c) => c.code)).toEqual(['101', '102', '103'])
    for (const course of camCourses) {
      const card = page.locator(`main [data-course="${course.code}"]`)
      expect(await card.getByRole('heading', { name: 'Who it is for' }).count()).toBe(1)
      expect(await card.locator('[data-course-target]').innerText()).toBe(course.target)
      expect(await card.locator('[data-course-topics] li').allInnerTexts()).toEqual(course.learningTopics)
    }
    await finish('cam-courses')
  })

  it('training: four topics, four courses with duration, level and day price, group size, delivery and reasons', async () => {
    const page = await visit('/training', training.heading)
    const slides = await texts(page, 'main [aria-roledescription="slide"] h3')
    expect(slides).toEqual(['Parametric CAD', 'Revit BIM', 'AutoCAD', 'CGI and animation'])
    const courses = await texts(page, 'main [data-course]')
    expect(courses).toHaveLength(4)
    expect(courses[0]).toMatch(/CAD Fundamentals.*£450 per day.*Duration 2-3 days.*Level Beginner/)
    expect(courses[1]).toMatch(/Advanced CAD.*£500 per day.*Duration 3-4 days.*Level Intermediate/)
    expect(courses[2]).toMatch(/FEA Analysis.*£550 per day.*Duration 2-3 days.*Level Intermediate/)
    expect(courses[3]).toMatch(/CFD Simulation.*£600 per day.*Duration 3-4 days.*Level Advanced/)
    expect(trainingCourses).toHaveLength(4)
    expect(await page.locator('main [data-max-participants]').innerText()).toBe(`${MAX_TRAINING_PARTICIPANTS} participants`)
    expect(MAX_TRAINING_PARTICIPANTS).toBe(6)
    expect(await texts(page, 'main #delivery-heading ~ ul h3')).toHaveLength(3)
    expect(await page.locator('main #reasons-heading ~ ul li').count()).toBe(training.reasons.length)
    expect(await page.locator('main').getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact')
    await finish('training')
  })

  it('about: story, what we do, approach, industries and Get in Touch', async () => {
    const page = await visit('/about', about.heading)
    expect(await texts(page, 'main h2')).toEqual(expect.arrayContaining(['Our story', 'What we do', 'Our approach', 'Industries we serve']))
    expect(await page.locator('main').getByRole('link', { name: 'Get in Touch' }).getAttribute('href')).toBe('/contact')
    await finish('about')
  })

  it('process: nine phase cards and the Where We Fit In index', async () => {
    const page = await visit('/process', 'Design')
    expect(await texts(page, 'main ol section h3')).toEqual(['Concept', 'Feasibility', 'Design', 'Testing', 'Costing', 'Development', 'Marketing', 'Production', 'Client Design Vault'])
    expect(await page.locator('main nav h2').innerText()).toBe('Where We Fit In')
    expect(await page.locator('main nav a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(designProcess.phases.map((p) => `#${p.id}`))
    await finish('process')
  })

  it('projects: two cards with icon, title, description and link', async () => {
    const page = await visit('/projects', 'Projects')
    const cards = page.locator('main [data-project]')
    expect(await cards.count()).toBe(2)
    for (const project of projects) {
      const card = page.locator(`main [data-project="${project.slug}"]`)
      expect(await card.locator('svg').count()).toBe(1)
      expect(await card.locator('h2').innerText()).toBe(project.title)
      expect(await card.innerText()).toContain(project.description)
      expect(await card.locator('a').getAttribute('href')).toBe(project.path)
    }
    expect(await page.locator('main').innerText()).toMatch(/automotive gauges/i)
    expect(await page.locator('main').innerText()).toMatch(/radio mesh firmware/i)
    await finish('projects')
  })

  for (const project of projects) {
    it(`${project.path}: "View on GitHub" opens the repository in a new tab`, async () => {
      const page = await visit(project.path, project.title)
      const link = page.locator('main').getByRole('link', { name: /View on GitHub/ })
      expect(await link.getAttribute('href')).toBe(site.github[project.github])
      expect(await link.getAttribute('target')).toBe('_blank')
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer')
      await finish(`project-${project.slug}`)
    })
  }

  it('FAQs: four groups of two disclosures that open, and FAQPage structured data', async () => {
    const page = await visit('/faqs', 'Frequently asked questions')
    expect(await texts(page, 'main section h2')).toEqual(['General Questions', 'Pricing and Payments', 'Technical Questions', 'Training and Support'])
    for (const group of faqGroups) expect(group.faqs).toHaveLength(2)
    expect(await page.locator('main details').count()).toBe(8)
    const text = await page.locator('main').innerText()
    for (const word of ['Contact Us', 'Pricing', 'package deals', 'bulk-hour discount', 'AutoCAD', 'SolidWorks', 'Revit', 'Ansys', 'custom solution', 'training sessions', 'email or phone']) {
      expect(await page.locator('main').textContent()).toContain(word)
    }
    expect(text).not.toContain('bulk-hour discount') // answers are closed until opened
    const first = page.locator('main details').nth(2)
    await first.locator('summary').click()
    expect(await first.getAttribute('open')).toBe('')
    expect(await first.innerText()).toContain('hourly rates')
    await first.locator('summary').press('Enter')
    expect(await first.getAttribute('open')).toBeNull()
    const jsonLd = await page.locator('main script[type="application/ld+json"]').textContent()
    const data = JSON.parse(jsonLd!)
    expect(data['@type']).toBe('FAQPage')
    expect(data.mainEntity).toHaveLength(8)
    expect(data.mainEntity[0]).toMatchObject({ '@type': 'Question', acceptedAnswer: { '@type': 'Answer' } })
    await finish('faqs')
  })

  it('terms: twelve numbered sections', async () => {
    const page = await visit('/terms', terms.heading)
    const headings = await texts(page, 'main h2')
    expect(headings).toHaveLength(12)
    headings.forEach((h, i) => expect(h.startsWith(`${i + 1}. `)).toBe(true))
    const text = await page.locator('main').innerText()
    for (const phrase of ['personal, non-commercial use', 'cryptocurrency exchanges and local authorities', 'at least 13 years old', 'non-exclusive licence', 'you must not', 'account', 'non-refundable', 'Privacy Policy', 'intellectual property', '"as is"', 'not liable', 'at any time', 'law of England and Wales', 'courts of England']) {
      expect(text).toContain(phrase)
    }
    await finish('terms')
  })

  it('privacy: last updated 25/05/2025, eight sections and the mailto link', async () => {
    const page = await visit('/privacy', privacy.heading)
    expect(await page.locator('main').innerText()).toContain('Last updated: 25/05/2025')
    expect(await texts(page, 'main h2')).toEqual([
      '1. Introduction',
      '2. Information Collection',
      '3. Use of Information',
      '4. Sharing of Information',
      '5. Data Security',
      '6. Data Retention',
      '7. Changes to This Policy',
      '8. Contact Us',
    ])
    expect(await page.locator(`main a[href="mailto:${site.email}"]`).count()).toBe(1)
    await finish('privacy')
  })

  it('cookie: last updated 09/05/2023, four cookie types, controls, Do Not Track, changes and contact', async () => {
    const page = await visit('/cookie', cookiePolicy.heading)
    const text = await page.locator('main').innerText()
    expect(text).toContain('Last updated: 09/05/2023')
    expect(await texts(page, 'main dt')).toEqual(['Strictly necessary cookies', 'Performance cookies', 'Functionality cookies', 'Targeting cookies'])
    expect(await texts(page, 'main h2')).toEqual(['What are cookies?', 'Why do we use cookies?', 'Types of cookies we use', 'How can I control cookies?', 'Do Not Track', 'Changes to this policy', 'Contact us'])
    expect(text).toContain('does not currently honour Do Not Track')
    expect(await page.locator(`main a[href="mailto:${site.email}"]`).count()).toBe(1)
    await finish('cookie')
  })

  it('support: a placeholder that points to Contact and the client portal', async () => {
    const page = await visit('/support', support.heading)
    const hrefs = await page.locator('main a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))
    expect(hrefs).toEqual(expect.arrayContaining(['/contact', '/profile']))
    await finish('support')
  })
})

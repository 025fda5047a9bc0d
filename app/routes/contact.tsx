import { useActionData, useLoaderData, type ActionFunctionArgs, type HeadersFunction } from 'react-router'
import { contactPage } from '../../content/contact'
import { pageData } from '../../lib/page-data'
import { metaFromLoader } from '../../lib/meta-from-loader'
import { site } from '../../lib/site'
import type { ContactFormAnswer } from '../components/content/contact-form'
import { cardClass, linkClass, Page, PageHeader } from '../components/content/ui'
import { lazyWhenUsed } from '../components/ui/lazy-when-used'
import { ContactLocation } from '../features/map/contact-location'
import { loadContactPage, submitContact } from './contact.server'

export const meta = metaFromLoader

// The form's code (the form library and the schema) is fetched when the visitor starts on the form;
// the server renders the form in full, and it works as a plain post until then.
const ContactForm = lazyWhenUsed('contact-form', () => import('../components/content/contact-form').then((m) => m.ContactForm), <p aria-busy="true">Loading…</p>)

/** Rendered per request (the map's key is configuration), but started after its first paint like the prerendered pages. */
export const handle = { deferHydration: true }

/** A refused message tells clients when to try again. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get('Retry-After')
  return retryAfter ? { 'Retry-After': retryAfter } : new Headers()
}

export function loader() {
  return { ...pageData('/contact', contactPage), ...loadContactPage() }
}

export function action({ request }: ActionFunctionArgs) {
  return submitContact(request)
}

export default function ContactPage() {
  const { maps, content: contactPage } = useLoaderData<typeof loader>()
  const answer = useActionData<ContactFormAnswer>()
  return (
    <Page>
      <PageHeader title={contactPage.heading} intro={contactPage.intro} />
      <div className="grid gap-10 lg:grid-cols-[1fr_auto]">
        <div className={`${cardClass} self-start`}>
          <ContactForm content={contactPage} answer={answer} />
        </div>
        <div className="space-y-6 lg:w-[350px]">
          <ContactLocation apiKey={maps.apiKey} mapId={maps.mapId} text={contactPage} />
          <section className={cardClass} aria-labelledby="quick-contact-heading">
            <h2 id="quick-contact-heading" className="text-lg font-semibold">
              {contactPage.quickContact.heading}
            </h2>
            <p className="mt-2 text-[var(--color-light)]">{contactPage.quickContact.body}</p>
            <p className="mt-3">
              <a href={`mailto:${site.email}`} className={linkClass}>
                {site.email}
              </a>
            </p>
          </section>
        </div>
      </div>
    </Page>
  )
}

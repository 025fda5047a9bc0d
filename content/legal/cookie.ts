import { site } from '../../lib/site'
import type { TextSection } from '../types'

export interface CookieType {
  name: string
  description: string
}

export const cookiePolicy = {
  heading: 'Cookie policy',
  lastUpdated: '09/05/2023',
  whatAreCookies: {
    heading: 'What are cookies?',
    paragraphs: [
      'Cookies are small text files that a website stores in your browser. They let the site remember information between pages and visits, such as whether you are signed in or which theme you chose. Similar technologies, such as local storage, work in the same way and are covered by this policy.',
    ],
  } satisfies TextSection,
  whyWeUse: {
    heading: 'Why do we use cookies?',
    paragraphs: [
      'We use cookies to keep you signed in to the client portal, to protect forms against abuse, to remember your preferences and to understand how the site is used so that we can improve it. Some cookies are essential for the site to work; others are optional.',
    ],
  } satisfies TextSection,
  typesHeading: 'Types of cookies we use',
  types: [
    { name: 'Strictly necessary cookies', description: 'Needed for the site to work, for example to keep you signed in and to secure forms. They cannot be switched off in our systems.' },
    { name: 'Performance cookies', description: 'Count visits and show which pages are most and least popular, so we can measure and improve the site. The information is aggregated.' },
    { name: 'Functionality cookies', description: 'Remember choices you make, such as your theme or the email you last signed in with, to give you a more personal experience.' },
    { name: 'Targeting cookies', description: 'May be set by partners, such as embedded maps or video, to build a profile of your interests and show you relevant content on other sites.' },
  ] satisfies CookieType[],
  sections: [
    {
      heading: 'How can I control cookies?',
      paragraphs: [
        'You can set your browser to block or alert you about cookies, and delete cookies already stored. If you block strictly necessary cookies, parts of the site, such as signing in, will not work. Your browser’s help pages explain how to manage these settings.',
      ],
    },
    {
      heading: 'Do Not Track',
      paragraphs: ['Some browsers send a "Do Not Track" signal. There is no agreed standard for how websites should respond to it, so this site does not currently honour Do Not Track signals.'],
    },
    {
      heading: 'Changes to this policy',
      paragraphs: ['We may update this policy to reflect changes to the cookies we use or for legal reasons. Please check this page from time to time; the date at the top shows when it last changed.'],
    },
    {
      heading: 'Contact us',
      paragraphs: ['If you have any questions about our use of cookies, email us at the address below.'],
    },
  ] satisfies TextSection[],
  email: site.email,
} as const

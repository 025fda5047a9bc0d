import { limits } from '../../lib/catalogue'
import { site } from '../../lib/site'
import type { TextSection } from '../types'

export const terms = {
  heading: 'Terms and conditions',
  intro: `These terms govern your use of the ${site.companyName} website and client portal. By using the site you accept them. If you do not agree, please do not use the site.`,
  sections: [
    {
      heading: 'Licence to use this website',
      paragraphs: [
        `${site.legalName} grants you a limited, revocable licence to view and use this website for your personal, non-commercial use. You may not copy, modify, sell or republish its content, or use it for any commercial purpose, without our written permission.`,
      ],
    },
    {
      heading: 'Reports to exchanges and authorities',
      paragraphs: [
        'Where we suspect fraud, misuse of the wallet features or any other unlawful activity connected with your use of the site, we may prepare reports of that activity and share them with cryptocurrency exchanges and local authorities, as the law allows or requires.',
      ],
    },
    {
      heading: 'Minimum age',
      paragraphs: [`You must be at least ${limits.minimumAge} years old to use this website. If you are under ${limits.minimumAge}, you may not register an account or submit any information to us.`],
    },
    {
      heading: 'Your content',
      paragraphs: [
        'You keep ownership of the drawings, models, messages and other content you submit. By submitting it you grant us a non-exclusive licence to store, copy and process it as needed to provide our services to you, and you confirm that you have the right to share it.',
      ],
    },
    {
      heading: 'Prohibited conduct',
      paragraphs: ['When using the site you must not:'],
      items: [
        'break any law or infringe anyone else’s rights',
        'upload malicious code or attempt to gain unauthorised access to the site, its servers or other users’ accounts',
        'send spam, or submit false or misleading information',
        'interfere with the site’s operation, including by automated scraping or excessive requests',
      ],
    },
    {
      heading: 'Account registration',
      paragraphs: [
        'Some features require an account. You must give accurate information, keep your password confidential and tell us promptly if you believe your account has been used without permission. You are responsible for activity under your account.',
      ],
    },
    {
      heading: 'Payments and fees',
      paragraphs: [
        'Fees for services and training are set out in our quotes and on the site. Payments are non-refundable except where the law requires otherwise or where we agree in writing. We may change our fees for future work at any time.',
      ],
    },
    {
      heading: 'Privacy',
      paragraphs: ['Our Privacy Policy explains how we collect and use personal information, and our Cookie Policy explains how we use cookies. Both form part of these terms.'],
    },
    {
      heading: 'Intellectual property',
      paragraphs: [
        `The site’s text, graphics, case studies, logos and software belong to ${site.legalName} or its licensors and are protected by copyright and other intellectual property laws. Deliverables produced for clients are governed by the terms of each engagement.`,
      ],
    },
    {
      heading: 'Disclaimer',
      paragraphs: [
        'The site and its content are provided "as is" for general information. Case studies and examples illustrate our methods and are not engineering advice for your situation. We do not guarantee that the site will be available without interruption or free of errors.',
      ],
    },
    {
      heading: 'Limitation of liability',
      paragraphs: [
        'To the fullest extent permitted by law, we are not liable for any indirect or consequential loss, or for loss of profit, data or business, arising from your use of the site. Nothing in these terms limits liability for death or personal injury caused by negligence, or for fraud.',
      ],
    },
    {
      heading: 'Termination and governing law',
      paragraphs: [
        'We may suspend or end your access to the site or your account at any time, with or without notice, particularly if you breach these terms.',
        'These terms are governed by the law of England and Wales, and the courts of England have exclusive jurisdiction over any dispute arising from them.',
      ],
    },
  ] satisfies TextSection[],
} as const

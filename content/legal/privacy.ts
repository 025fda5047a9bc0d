import { site } from '../../lib/site'
import type { TextSection } from '../types'

export const privacy = {
  heading: 'Privacy policy',
  lastUpdated: '25/05/2025',
  sections: [
    {
      heading: 'Introduction',
      paragraphs: [
        `${site.legalName} ("we", "us") respects your privacy. This policy explains what personal information we collect through this website and client portal, how we use it and the choices you have. We are the controller of that information under UK data protection law.`,
      ],
    },
    {
      heading: 'Information Collection',
      paragraphs: ['We collect information you give us and a limited amount of information collected automatically:'],
      items: [
        'contact details you enter in the contact form or your profile: name, email address, telephone number, company and postal address',
        'files, job requests and messages you submit through the client portal',
        'technical data such as your browser, device type and pages visited, used to keep the site secure and working',
        'your approximate location, only if you allow your browser to share it on the contact page, to show how far you are from our office; it is not sent to us',
      ],
    },
    {
      heading: 'Use of Information',
      paragraphs: ['We use your information to reply to enquiries, provide and invoice our services and training, run your client portal account, improve the site and meet our legal obligations. We do not sell your personal information or use it for automated decision-making.'],
    },
    {
      heading: 'Sharing of Information',
      paragraphs: [
        'We share information only with service providers who help us run the business (hosting, email and payment providers), under contracts that protect it, and with authorities where the law requires. Where a provider is outside the UK, we use appropriate safeguards.',
      ],
    },
    {
      heading: 'Data Security',
      paragraphs: ['We protect your information with encryption in transit, access controls and regular backups. No system is perfectly secure, so please tell us straight away if you suspect your account has been compromised.'],
    },
    {
      heading: 'Data Retention',
      paragraphs: [
        'We keep enquiries for up to two years, and project records for as long as our contract and our legal and accounting obligations require. You may ask us to access, correct or delete your information, or to restrict how we use it.',
      ],
    },
    {
      heading: 'Changes to This Policy',
      paragraphs: ['We may update this policy from time to time. The date at the top of the page shows when it last changed, and significant changes will be highlighted on the site.'],
    },
    {
      heading: 'Contact Us',
      paragraphs: ['If you have questions about this policy or wish to exercise your rights, email us at the address below. You also have the right to complain to the Information Commissioner’s Office.'],
    },
  ] satisfies TextSection[],
  email: site.email,
} as const

export const contactPage = {
  heading: 'Contact',
  intro: 'Tell us about your project, a course you are interested in or a question about our work. An engineer will reply, usually within one working day.',
  formHeading: 'Send us a message',
  labels: { name: 'Name', email: 'Email', message: 'Message' },
  placeholders: { name: 'Your name', email: 'you@company.co.uk', message: 'What are you working on?' },
  submit: 'SEND MESSAGE',
  submitting: 'Sending Message',
  rateLimited: 'You have sent several messages in a short time. Please wait a few minutes and try again.',
  addressHeading: 'Our office',
  mapHeading: 'Find us',
  loadingMap: 'Loading map...',
  mapUnavailable: 'Map unavailable. Please check API configuration.',
  youMarker: 'You',
  quickContact: {
    heading: 'Prefer email?',
    body: 'Write to us directly and attach drawings or models if it helps explain the job.',
  },
} as const

export const support = {
  heading: 'Support',
  intro: 'Help with a live project, a course or the client portal.',
  placeholder: 'A searchable help centre is on its way. Until then, the quickest route to an answer is to contact us directly or to use your client portal.',
  links: [
    { label: 'Contact us', href: '/contact', description: 'Send a message and an engineer will reply, usually within one working day.' },
    { label: 'Client portal', href: '/profile', description: 'Signed-in clients can place job requests and manage their documents.' },
    { label: 'Frequently asked questions', href: '/faqs', description: 'Answers about our services, pricing, software and training.' },
  ],
} as const

/** The blog's own words: its list page, a post's surroundings and the comment section. */
export const blogPage = {
  heading: 'Blog',
  intro: 'Technical notes, worked examples and course news from our engineers: how we mesh, model, machine and check the numbers.',
  feedLink: 'Subscribe to the feed',
  empty: 'No posts yet. The first one is on its way.',
  readPost: 'Read the post',
  newer: 'Newer posts',
  older: 'Older posts',
  backToList: 'All posts',
  contents: 'Contents',
  comments: {
    heading: 'Comments',
    none: 'No comments yet.',
    signInPrompt: 'Clients can comment on our posts.',
    signIn: 'Sign in to comment',
    label: 'Your comment',
    hint: 'Plain text; web addresses become links. Be kind and stay on topic.',
    submit: 'Post comment',
    sending: 'Posting…',
    held: 'Thank you. Your comment will appear once a moderator has approved it.',
    published: 'Thank you. Your comment is published.',
    pendingBadge: 'Waiting for approval: only you and the moderators see it',
    hiddenBadge: 'Hidden by a moderator',
    edited: 'edited',
  },
} as const

export type BlogPageContent = typeof blogPage

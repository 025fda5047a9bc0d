/** A passage of the site's own content that the assistant can retrieve and cite. */
export interface KnowledgeDocument {
  id: string
  /** The page (and section) the passage comes from, used as the link text. */
  title: string
  /** The section the passage sits under (an FAQ's question, a case study's heading), searched like a title. */
  heading?: string
  /** Site path of the page the passage is shown on. */
  url: string
  /** The passage itself, quoted in answers. */
  text: string
  /** Words a client might use for this passage that the passage itself does not contain. */
  keywords?: string
  /** Ranking weight (1 by default): the catalogue's facts above prose, legal pages below. */
  weight?: number
}

import { collectCatalogueDocuments } from './collect-catalogue-documents'
import { collectContentDocuments } from './collect-content-documents'
import type { KnowledgeDocument } from './knowledge-document'

/** Every passage the assistant may quote: business constants, company details, routes and page content. */
export async function collectDocuments(): Promise<KnowledgeDocument[]> {
  return [...collectCatalogueDocuments(), ...(await collectContentDocuments())]
}

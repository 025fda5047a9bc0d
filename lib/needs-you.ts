/**
 * What waits for a client in the portal: a quote to accept or decline, messages from the consultancy
 * not yet read, a release to sign off (for an approver or owner, until every revision of it is
 * decided), results released since the job was last opened (for the others, and once the job is
 * completed). The service finds them; the dashboard lists them first.
 */
export type NeedsYouItem =
  | { kind: 'quote'; jobId: string; title: string; totalPence: number; validUntil: string }
  | { kind: 'messages'; jobId: string; title: string; count: number }
  | { kind: 'release'; jobId: string; title: string; releasedAt: string }
  | { kind: 'results'; jobId: string; title: string; releasedAt: string }

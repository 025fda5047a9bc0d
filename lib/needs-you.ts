/**
 * What waits for a client in the portal: a quote to accept or decline, messages from the consultancy
 * not yet read, results released since the job was last opened. The service finds them; the
 * dashboard lists them first.
 */
export type NeedsYouItem =
  | { kind: 'quote'; jobId: string; title: string; totalPence: number; validUntil: string }
  | { kind: 'messages'; jobId: string; title: string; count: number }
  | { kind: 'results'; jobId: string; title: string; releasedAt: string }

import { isMainThread, parentPort, workerData } from 'node:worker_threads'
import { resultSummaryOf } from '../../../lib/simulation-results/result-summary'

/**
 * The key numbers of one simulation result, read off the server's thread: the file's bytes arrive
 * transferred (not copied) with the worker's data, the summary goes back as one message. A result
 * the reader cannot take answers null.
 */
export interface ResultSummaryWork {
  extension: string
  bytes: ArrayBuffer
}

function summaryOf({ extension, bytes }: ResultSummaryWork) {
  try {
    return resultSummaryOf(extension, new Uint8Array(bytes))
  } catch {
    return null
  }
}

if (!isMainThread) parentPort?.postMessage(summaryOf(workerData as ResultSummaryWork))

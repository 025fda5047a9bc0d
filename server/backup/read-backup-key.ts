import { readFile } from 'node:fs/promises'
import { BACKUP_KEY_MIN_LENGTH } from './backup-signature'

export interface ReadBackupKeyOptions {
  /** BACKUP_KEY from the environment (already checked for its length). */
  envKey: string | undefined
  /** A file holding the key (`--key-file`): it takes precedence over BACKUP_KEY. */
  keyFile: string | undefined
}

/**
 * The key that signs archives and checks their signature, or undefined without one. A key file holds
 * the key as text; the line break an editor or `echo` leaves at its end is not part of it.
 */
export async function readBackupKey({ envKey, keyFile }: ReadBackupKeyOptions): Promise<Buffer | undefined> {
  if (keyFile === undefined) return envKey === undefined ? undefined : Buffer.from(envKey, 'utf8')
  let text: string
  try {
    text = await readFile(keyFile, 'utf8')
  } catch (error) {
    throw new Error(`The key file ${keyFile} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`, { cause: error })
  }
  const key = text.replace(/\r?\n$/, '')
  if (key.length < BACKUP_KEY_MIN_LENGTH) throw new Error(`The key in ${keyFile} is shorter than ${BACKUP_KEY_MIN_LENGTH} characters: make one with \`openssl rand -hex 32\`.`)
  return Buffer.from(key, 'utf8')
}

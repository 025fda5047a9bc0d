import { z } from '../../lib/zod'

/**
 * The archive of `npm run backup`: a gzip'd tar of
 *   database/<table>/<n>.ndjson   the rows of each table, one JSON array of column texts per line
 *   files/<storage path>          every stored file's bytes
 *   auth-secret                   DATA_DIR/auth-secret, when there is one
 *   manifest.json                 what all of the above must be (this schema)
 *   manifest.hmac                 last, when signed: an HMAC of manifest.json's bytes (backup-signature.ts)
 * A reader checks the signature, then every entry against the manifest, before it restores anything.
 */
export const BACKUP_FORMAT = 'meshwork-backup'
export const BACKUP_FORMAT_VERSION = 1
export const MANIFEST_ENTRY = 'manifest.json'
export const AUTH_SECRET_ENTRY = 'auth-secret'

export const fileEntryName = (storagePath: string) => `files/${storagePath}`
export const tableChunkEntryName = (table: string, index: number) => `database/${table}/${String(index).padStart(6, '0')}.ndjson`

const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in hex')
const countSchema = z.number().int().nonnegative()
const identifierSchema = z.string().min(1).max(63)

/**
 * A storage path: relative segments with no traversal, control characters or backslashes, so a
 * restore cannot write outside the store whatever the archive says.
 */
const storagePathSchema = z
  .string()
  .min(1)
  .max(1024)
  .refine((p) => p.split('/').every((s) => s !== '' && s !== '.' && s !== '..' && !/[\u0000-\u001f\\]/.test(s)), { message: 'is not a storage path' })

export const backupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.iso.datetime(),
  database: z.object({
    kind: z.enum(['embedded', 'external']),
    serverVersion: z.string(),
    /** The applied migrations (drizzle's journal `when` and file hash), oldest first. */
    migrations: z.array(z.object({ createdAt: z.number().int(), hash: z.string() })).min(1),
    /** In an order that satisfies every foreign key when the rows are inserted in it. */
    tables: z.array(
      z.object({
        name: identifierSchema,
        columns: z.array(identifierSchema).min(1),
        rows: countSchema,
        chunks: z.array(z.object({ entry: z.string(), rows: countSchema, size: countSchema, sha256: sha256Schema })),
      }),
    ),
    sequences: z.array(z.object({ name: identifierSchema, lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() })),
  }),
  storage: z.object({ kind: z.enum(['disk', 's3']) }),
  files: z.array(z.object({ path: storagePathSchema, size: countSchema, sha256: sha256Schema, contentType: z.string().nullable() })),
  /** Paths stored_file lists whose bytes the storage did not have when the backup was made. */
  missingFiles: z.array(z.string()),
  authSecret: z.object({ size: countSchema, sha256: sha256Schema }).nullable(),
})

export type BackupManifest = z.infer<typeof backupManifestSchema>

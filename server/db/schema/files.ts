import { sql } from 'drizzle-orm'
import { bigint, customType, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import type { ModelBox } from '../../../lib/model-box'
import type { ResultSummary } from '../../../lib/simulation-results/result-summary'
import { moment, createdAt, extensionKey } from './columns'
import { userColumn } from './user-column'

/** Metadata of a stored file; the type is derived from the extension. */
export const storedFiles = pgTable(
  'stored_file',
  {
    /** e.g. user-box/{userId}/{fileName}; listing by prefix uses this primary key. */
    path: text('path').primaryKey(),
    size: bigint('size', { mode: 'number' }).notNull(),
    lastModified: moment('last_modified').notNull().defaultNow(),
    eTag: text('e_tag').notNull(),
    contentType: text('content_type'),
    /** The user who uploaded it (the owner of the folder may differ when an admin uploads). */
    uploadedBy: userColumn('uploaded_by', 'set null'),
    /**
     * The name its uploader gave it, where the path's last segment is a name the server made (a file on a
     * job's thread): what lists show and what a download is called. Null: the path's last segment.
     */
    originalName: text('original_name'),
    /**
     * A simulation result's key numbers (its fields' extremes and where they are), read once when its
     * upload completed; null for every other file and for a result too large or unreadable.
     */
    resultSummary: jsonb('result_summary').$type<ResultSummary>(),
    /**
     * A binary STL's bounding box and triangle count, read once when its upload completed and sent with
     * its download so the viewer draws it as it arrives; null for every other file.
     */
    modelBox: jsonb('model_box').$type<ModelBox>(),
  },
  // A folder's files are a range of paths compared byte by byte (`path COLLATE "C"` from `folder/` up
  // to `folder0`), which this index answers whatever the database's collation, in prepared plans too.
  (t) => [index('stored_file_path_bytes_idx').on(sql`${t.path} collate "C"`)],
)

/** Bytes kept in a row: small files written once (a picture, a document as it was issued). */
export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' })

/**
 * A small PNG picture of a model, rendered by the viewer on its first preview. It belongs to its file:
 * deleted with it (the foreign key) and when the file is replaced by a new upload.
 */
export const fileThumbnails = pgTable('file_thumbnail', {
  path: extensionKey('path', () => storedFiles.path),
  png: bytea('png').notNull(),
  createdAt: createdAt(),
})

import { chmodSync, createWriteStream, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fileEntryName, MANIFEST_ENTRY, type BackupManifest } from '../../../server/backup/backup-manifest'
import { readBackupArchive } from '../../../server/backup/read-backup-archive'
import { createTarWriter } from '../../../server/backup/tar-writer'
import { verifyBackup } from '../../../server/backup/verify-backup'
import { signUpAndVerify } from '../portal/support/accounts'
import { startPortalServer, type PortalServer } from '../portal/support/portal-server'
import { PDF_BYTES, tusUpload } from '../portal/support/tus-upload'
import { archiveWritten, backupWorkDir, runNpm, sha256 } from './support/backup-round-trip'
import { isAlive, processesUsing } from './support/server-database'

const KEY = 'k'.repeat(16) + '0123456789abcdef0123456789abcdef'

/** Every entry of an archive, in order, with its bytes. */
async function entriesOf(archive: string): Promise<Array<{ name: string; data: Buffer }>> {
  const entries: Array<{ name: string; data: Buffer }> = []
  await readBackupArchive(archive, async (entry) => {
    const parts: Buffer[] = []
    for await (const part of entry.body) parts.push(part)
    entries.push({ name: entry.name, data: Buffer.concat(parts) })
  })
  return entries
}

async function writeArchive(file: string, entries: Array<{ name: string; data: Buffer }>) {
  const gzip = createGzip()
  const written = pipeline(gzip, createWriteStream(file))
  const tar = createTarWriter(gzip)
  for (const entry of entries) await tar.addBuffer(entry.name, entry.data)
  await tar.finish()
  gzip.end()
  await written
}

/**
 * The archive holds every password hash and the session secret. Written into a directory others can
 * write to, it must never go into a file someone else prepared (a symlink to elsewhere, a file they
 * hold open), and it is readable by its owner only. Kept somewhere others can write to, it may be
 * altered: signed with a key kept apart from it, a restore with that key refuses any change.
 */
describe('backup archives: written only into a file of their own, signed, and checked when restored', { timeout: 300_000 }, () => {
  const work = backupWorkDir('backup-guard-')
  let portal: PortalServer
  let signed: string
  let unsigned: string

  beforeAll(async () => {
    portal = await startPortalServer()
    const alice = await signUpAndVerify(portal, 'alice@example.test')
    expect((await tusUpload(alice, PDF_BYTES, { filename: 'drawing.pdf', kind: 'user-box' })).status).toBe(204)
  })
  afterAll(async () => {
    await portal?.close()
    for (const pid of processesUsing(work)) if (isAlive(pid)) process.kill(pid, 'SIGQUIT')
    rmSync(work, { recursive: true, force: true })
  })

  const backUp = async (args: string[], env: Record<string, string> = {}) => {
    // A permissive umask: what the archive's mode is must not depend on it.
    const umask = process.umask(0)
    try {
      return await runNpm('backup', args, { cwd: work, env: { DATA_DIR: portal.dataDir, BACKUP_KEY: undefined, ...env } })
    } finally {
      process.umask(umask)
    }
  }

  it('does not follow a symlink planted at its file or at its partial file, nor write into a file that is there, and makes the archive mode 600', async () => {
    const victim = path.join(work, 'victim.conf')
    writeFileSync(victim, 'precious\n', { mode: 0o644 })

    // A symlink where the archive is written while it is made.
    symlinkSync(victim, path.join(work, 'linked.tar.gz.partial'))
    const viaPartial = await backUp(['linked.tar.gz'])
    expect(viaPartial.code).toBe(1)
    expect(viaPartial.stderr).toContain(`${path.join(work, 'linked.tar.gz.partial')} already exists`)
    expect(readFileSync(victim, 'utf8')).toBe('precious\n')
    expect(existsSync(path.join(work, 'linked.tar.gz'))).toBe(false)
    expect(lstatSync(path.join(work, 'linked.tar.gz.partial')).isSymbolicLink()).toBe(true) // not someone else's to remove

    // A symlink at the archive's own name, pointing where nothing is yet.
    const outside = path.join(work, 'outside')
    mkdirSync(outside)
    symlinkSync(path.join(outside, 'leak.tar.gz'), path.join(work, 'dangling.tar.gz'))
    const viaOutput = await backUp(['dangling.tar.gz'])
    expect(viaOutput.code).toBe(1)
    expect(viaOutput.stderr).toContain(`${path.join(work, 'dangling.tar.gz')} already exists`)
    expect(readdirSync(outside)).toEqual([])

    // A file left at the partial name, readable by everyone (or held open by whoever made it).
    const held = path.join(work, 'held.tar.gz.partial')
    writeFileSync(held, 'not yours\n', { mode: 0o666 })
    chmodSync(held, 0o666)
    const intoHeld = await backUp(['held.tar.gz'])
    expect(intoHeld.code).toBe(1)
    expect(intoHeld.stderr).toContain(`${held} already exists: another backup to this file is running, or one was cut short.`)
    expect(readFileSync(held, 'utf8')).toBe('not yours\n')
    expect(existsSync(path.join(work, 'held.tar.gz'))).toBe(false)

    // Where nothing is in the way, the archive is written, owner-only under umask 000.
    const written = await backUp(['fresh.tar.gz'])
    expect(written.code, written.stderr).toBe(0)
    expect(archiveWritten(written)).toBe(path.join(work, 'fresh.tar.gz'))
    expect(statSync(path.join(work, 'fresh.tar.gz')).mode & 0o777).toBe(0o600)
    expect(existsSync(path.join(work, 'fresh.tar.gz.partial'))).toBe(false)
    expect(written.stdout).toContain('Not signed (set BACKUP_KEY or pass --key-file to sign it).')
    unsigned = path.join(work, 'fresh.tar.gz')
  })

  it('signs the manifest with BACKUP_KEY or a key file, and a restore with the key accepts the archive as written', async () => {
    const result = await backUp(['signed.tar.gz'], { BACKUP_KEY: KEY })
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toContain('Signed with the backup key.')
    signed = path.join(work, 'signed.tar.gz')
    expect((await entriesOf(signed)).map((e) => e.name).slice(-2)).toEqual([MANIFEST_ENTRY, 'manifest.hmac'])

    const keyFile = path.join(work, 'backup.key')
    writeFileSync(keyFile, `${KEY}\n`, { mode: 0o600 })
    const byFile = await backUp(['--key-file', 'backup.key', 'signed-by-file.tar.gz'])
    expect(byFile.code, byFile.stderr).toBe(0)
    expect(byFile.stdout).toContain('Signed with the backup key.')
    // The same key, from the file or the environment, checks both.
    for (const [archive, keyArgs, env] of [
      [signed, ['--key-file', keyFile], {}],
      [path.join(work, 'signed-by-file.tar.gz'), [], { BACKUP_KEY: KEY }],
    ] as const) {
      expect((await verifyBackup(archive, { key: Buffer.from(KEY) })).signature).toBe('valid')
      const target = path.join(work, `restored-${path.basename(archive, '.tar.gz')}`)
      const restored = await runNpm('restore', [archive, ...keyArgs], { cwd: work, env: { DATA_DIR: target, ...env } })
      expect(restored.code, restored.stderr).toBe(0)
      expect(restored.stdout).toContain('The signature is valid')
    }
  })

  it('refuses a signed archive whose manifest was changed, or checked with another key, before it touches the target', async () => {
    // A file's bytes replaced and the manifest brought in line with them: every check but the
    // signature passes, as a restore without a key shows.
    const entries = await entriesOf(signed)
    const manifestEntry = entries.find((e) => e.name === MANIFEST_ENTRY)!
    const manifest = JSON.parse(manifestEntry.data.toString('utf8')) as BackupManifest
    const file = manifest.files.find((f) => f.path.endsWith('/drawing.pdf'))!
    const planted = Buffer.concat([PDF_BYTES, Buffer.from('% a payload\n')])
    Object.assign(file, { size: planted.length, sha256: sha256(planted) })
    const tampered = path.join(work, 'tampered.tar.gz')
    await writeArchive(
      tampered,
      entries.map((e) =>
        e.name === MANIFEST_ENTRY ? { name: e.name, data: Buffer.from(JSON.stringify(manifest, null, 2) + '\n') } : e.name === fileEntryName(file.path) ? { name: e.name, data: planted } : e,
      ),
    )
    expect((await verifyBackup(tampered, { unverified: true })).signature).toBe('unchecked')

    const target = path.join(work, 'restored-tampered')
    const refused = await runNpm('restore', [tampered], { cwd: work, env: { DATA_DIR: target, BACKUP_KEY: KEY } })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(`The signature of ${tampered} does not match its manifest with the key given: the archive was changed after the backup wrote it, or it was signed with another key. Nothing was restored.`)
    expect(existsSync(target)).toBe(false)

    const otherKey = await runNpm('restore', [signed], { cwd: work, env: { DATA_DIR: target, BACKUP_KEY: 'another key of at least thirty-two characters' } })
    expect(otherKey.code).toBe(1)
    expect(otherKey.stderr).toContain('does not match its manifest with the key given')
    expect(existsSync(target)).toBe(false)

    // Without a key, a signed archive cannot be checked: refused unless the operator says so.
    const noKey = await runNpm('restore', [tampered], { cwd: work, env: { DATA_DIR: target } })
    expect(noKey.code).toBe(1)
    expect(noKey.stderr).toContain(`${tampered} is signed: give its key (BACKUP_KEY, or --key-file <file>) to check it, or restore it unchecked with --unverified.`)
    expect(existsSync(target)).toBe(false)
  })

  it('says an archive is unsigned, and with a key given restores one only when told to', async () => {
    const target = path.join(work, 'restored-unsigned')
    const withKey = await runNpm('restore', [unsigned], { cwd: work, env: { DATA_DIR: target, BACKUP_KEY: KEY } })
    expect(withKey.code).toBe(1)
    expect(withKey.stderr).toContain(`${unsigned} is not signed, so the key given cannot check it. Restore it unchecked with --unverified only if you know where it comes from.`)
    expect(existsSync(target)).toBe(false)

    const noKey = await runNpm('restore', [unsigned], { cwd: work, env: { DATA_DIR: target } })
    expect(noKey.code, noKey.stderr).toBe(0)
    expect(noKey.stderr).toContain('warning: the archive is not signed: nothing shows it is the archive the backup wrote')
    expect((await verifyBackup(unsigned)).signature).toBe('unsigned')
  })
})

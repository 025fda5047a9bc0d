/**
 * The radii of a STEP file's cylindrical faces and circular edges, read from its boundary
 * representation (ISO 10303-21 text): each CYLINDRICAL_SURFACE's and CIRCLE's radius placed by an
 * AXIS2_PLACEMENT_3D, in millimetres by the length unit the file's representation context names.
 *
 * The text is read as data only: its records are found in one linear scan (strings, with `''` for a
 * quote and any `;` inside, and comments are stepped over), and only the few kinds of record needed are
 * parsed, each by a small recursive-descent reader bounded in depth. A record that does not parse is
 * ignored. At most `limit` distinct radii are kept. Telling a circle placed in three dimensions from one
 * placed in a surface's parameters takes one more scan, looking only at the placements named.
 *
 * Only the radius is used (a fitted circle is matched by its value): a match by axis would also need
 * each part's placement in the assembly.
 */

export interface BrepRadius {
  /** In millimetres. */
  radius: number
  kind: 'cylinder' | 'circle'
}

export interface StepRadii {
  radii: BrepRadius[]
  /** Millimetres per unit of length of the file; null when its contexts name different length units (then no radii are given). */
  mmPerUnit: number | null
  /** Whether distinct radii were left out past the limit. */
  truncated: boolean
}

/** How many distinct radii are kept by default. */
export const RADII_LIMIT = 10_000

/** How many placements are looked up for one radius (one placed in three dimensions keeps it). */
const PLACEMENTS_PER_RADIUS = 4
/** Complex records (units, contexts) are parsed only up to this length. */
const COMPLEX_RECORD_LIMIT = 4096
/** Simple records are parsed only up to this length (those read here are short). */
const SIMPLE_RECORD_LIMIT = 4096
const MAX_DEPTH = 16

/** The characters the reader looks for. */
const C = {
  Space: 0x20,
  Quote: 0x27,
  Hash: 0x23,
  Equals: 0x3d,
  Semicolon: 0x3b,
  Slash: 0x2f,
  Star: 0x2a,
  Open: 0x28,
  Close: 0x29,
  Comma: 0x2c,
  Dollar: 0x24,
  Dot: 0x2e,
  DoubleQuote: 0x22,
} as const

const isSpace = (c: number) => c === C.Space || c === 0x09 || c === 0x0a || c === 0x0d
const isDigit = (c: number) => c >= 0x30 && c <= 0x39
const isKeywordChar = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || isDigit(c) || c === 0x5f || c === 0x21

/** Past a comment that starts at `i` (its `/*`); the end of the text when it is not closed. */
function skipComment(b: Uint8Array, i: number): number {
  for (i += 2; i < b.length - 1; i++) if (b[i] === C.Star && b[i + 1] === C.Slash) return i + 2
  return b.length
}

/** Past a string that starts at `i` (its opening quote); a doubled quote inside is one quote. */
function skipString(b: Uint8Array, i: number): number {
  for (i += 1; i < b.length; i++) {
    if (b[i] !== C.Quote) continue
    if (b[i + 1] === C.Quote) i++
    else return i + 1
  }
  return b.length
}

/** The index of the `;` that ends the statement from `i`, stepping over strings and comments; the text's length when there is none. */
function statementEnd(b: Uint8Array, i: number): number {
  while (i < b.length) {
    const c = b[i]!
    if (c === C.Semicolon) return i
    if (c === C.Quote) i = skipString(b, i)
    else if (c === C.Slash && b[i + 1] === C.Star) i = skipComment(b, i)
    else if (c === C.DoubleQuote) {
      const close = b.indexOf(C.DoubleQuote, i + 1)
      i = close < 0 ? b.length : close + 1
    } else i++
  }
  return b.length
}

function skipSpace(b: Uint8Array, i: number, end: number): number {
  while (i < end) {
    if (isSpace(b[i]!)) i++
    else if (b[i] === C.Slash && b[i + 1] === C.Star) i = skipComment(b, i)
    else break
  }
  return i
}

/**
 * Calls `visit` for each entity instance `#id = body;` of the text, with the body's bounds (from its
 * first character to before its `;`). Anything else (the header, a statement that is not an
 * instance) is stepped over to its `;`.
 */
function forEachRecord(b: Uint8Array, visit: (id: number, start: number, end: number) => void) {
  let i = 0
  while (i < b.length) {
    i = skipSpace(b, i, b.length)
    if (i >= b.length) return
    if (b[i] === C.Hash) {
      let j = i + 1
      let id = 0
      while (j < b.length && isDigit(b[j]!) && j - i < 16) id = id * 10 + (b[j++]! - 0x30)
      const afterId = skipSpace(b, j, b.length)
      if (j > i + 1 && b[afterId] === C.Equals) {
        const start = skipSpace(b, afterId + 1, b.length)
        const end = statementEnd(b, start)
        visit(id, start, end)
        i = end + 1
        continue
      }
    }
    i = statementEnd(b, i) + 1
  }
}

/** The keyword at `i` (upper case), or '' when there is none there; at most 64 characters are read. */
function keywordAt(b: Uint8Array, i: number, end: number): string {
  let j = i
  while (j < end && j - i < 64 && isKeywordChar(b[j]!)) j++
  if (j === i || (j < end && isKeywordChar(b[j]!))) return ''
  let s = ''
  for (let k = i; k < j; k++) s += String.fromCharCode(b[k]!)
  return s.toUpperCase()
}

/** A parameter of a record. */
type Value = number | { ref: number } | { enum: string } | { text: string } | { typed: string; args: Value[] } | Value[] | null

class Malformed extends Error {}

/** Reads the parameter values of a record's body, bounded in depth; throws Malformed on anything else. */
class RecordReader {
  constructor(
    private b: Uint8Array,
    public i: number,
    private end: number,
  ) {}

  private space() {
    this.i = skipSpace(this.b, this.i, this.end)
  }

  private expect(c: number) {
    this.space()
    if (this.b[this.i] !== c) throw new Malformed()
    this.i++
  }

  /** `KEYWORD(args)` */
  typed(depth: number): { typed: string; args: Value[] } {
    this.space()
    const name = keywordAt(this.b, this.i, this.end)
    if (!name) throw new Malformed()
    this.i += name.length
    return { typed: name, args: this.list(depth + 1) }
  }

  /** `(a, b, …)` */
  list(depth: number): Value[] {
    if (depth > MAX_DEPTH) throw new Malformed()
    this.expect(C.Open)
    const values: Value[] = []
    this.space()
    if (this.b[this.i] === C.Close) {
      this.i++
      return values
    }
    for (;;) {
      values.push(this.value(depth))
      this.space()
      const c = this.b[this.i]
      this.i++
      if (c === C.Close) return values
      if (c !== C.Comma) throw new Malformed()
    }
  }

  value(depth: number): Value {
    this.space()
    if (this.i >= this.end) throw new Malformed()
    const b = this.b
    const c = b[this.i]!
    if (c === C.Quote) {
      const close = skipString(b, this.i)
      if (close > this.end || b[close - 1] !== C.Quote) throw new Malformed()
      let text = ''
      for (let k = this.i + 1; k < close - 1; k++) {
        text += String.fromCharCode(b[k]!)
        if (b[k] === C.Quote) k++
      }
      this.i = close
      return { text }
    }
    if (c === C.DoubleQuote) {
      const close = b.indexOf(C.DoubleQuote, this.i + 1)
      if (close < 0 || close >= this.end) throw new Malformed()
      this.i = close + 1
      return null
    }
    if (c === C.Dollar || c === C.Star) {
      this.i++
      return null
    }
    if (c === C.Open) return this.list(depth + 1)
    if (c === C.Hash) {
      let j = this.i + 1
      let id = 0
      while (j < this.end && isDigit(b[j]!) && j - this.i < 16) id = id * 10 + (b[j++]! - 0x30)
      if (j === this.i + 1) throw new Malformed()
      this.i = j
      return { ref: id }
    }
    if (c === C.Dot) {
      const name = keywordAt(b, this.i + 1, this.end)
      if (!name || b[this.i + 1 + name.length] !== C.Dot) throw new Malformed()
      this.i += name.length + 2
      return { enum: name }
    }
    if (isDigit(c) || c === 0x2b || c === 0x2d) return this.number()
    return this.typed(depth)
  }

  /** A REAL or INTEGER: sign, digits, an optional point and digits, an optional exponent. */
  private number(): number {
    const b = this.b
    const start = this.i
    let j = this.i
    if (b[j] === 0x2b || b[j] === 0x2d) j++
    const digitsFrom = j
    while (j < this.end && isDigit(b[j]!)) j++
    if (j === digitsFrom) throw new Malformed()
    if (b[j] === C.Dot) {
      j++
      while (j < this.end && isDigit(b[j]!)) j++
    }
    if (b[j] === 0x45 || b[j] === 0x65) {
      j++
      if (b[j] === 0x2b || b[j] === 0x2d) j++
      const expFrom = j
      while (j < this.end && isDigit(b[j]!)) j++
      if (j === expFrom) throw new Malformed()
    }
    if (j - start > 64) throw new Malformed()
    let s = ''
    for (let k = start; k < j; k++) s += String.fromCharCode(b[k]!)
    this.i = j
    const v = Number(s)
    if (!Number.isFinite(v)) throw new Malformed()
    return v
  }
}

/** A record's parts by keyword: one for a simple record, each of a complex one's `(A(…) B(…) …)`; null when it does not parse. */
function recordParts(b: Uint8Array, start: number, end: number): Map<string, Value[]> | null {
  try {
    const reader = new RecordReader(b, start, end)
    const parts = new Map<string, Value[]>()
    if (b[start] === C.Open) {
      reader.i++
      for (;;) {
        reader.i = skipSpace(b, reader.i, end)
        if (b[reader.i] === C.Close) {
          reader.i++
          break
        }
        const part = reader.typed(1)
        parts.set(part.typed, part.args)
      }
    } else {
      const part = reader.typed(0)
      parts.set(part.typed, part.args)
    }
    if (skipSpace(b, reader.i, end) !== end) return null
    return parts
  } catch (error) {
    if (error instanceof Malformed) return null
    throw error
  }
}

/** Whether the bytes from `start` to `end` contain `word` (ASCII). */
function contains(b: Uint8Array, start: number, end: number, word: string): boolean {
  const first = word.charCodeAt(0)
  for (let i = b.indexOf(first, start); i >= 0 && i + word.length <= end; i = b.indexOf(first, i + 1)) {
    let k = 1
    while (k < word.length && b[i + k] === word.charCodeAt(k)) k++
    if (k === word.length) return true
  }
  return false
}

const isRef = (v: Value | undefined): v is { ref: number } => typeof v === 'object' && v !== null && !Array.isArray(v) && 'ref' in v
const isEnum = (v: Value | undefined): v is { enum: string } => typeof v === 'object' && v !== null && !Array.isArray(v) && 'enum' in v
const isText = (v: Value | undefined): v is { text: string } => typeof v === 'object' && v !== null && !Array.isArray(v) && 'text' in v
const isTyped = (v: Value | undefined): v is { typed: string; args: Value[] } => typeof v === 'object' && v !== null && !Array.isArray(v) && 'typed' in v

/** SI prefixes, as powers of ten. */
const SI_PREFIX: Record<string, number> = {
  EXA: 18, PETA: 15, TERA: 12, GIGA: 9, MEGA: 6, KILO: 3, HECTO: 2, DECA: 1,
  DECI: -1, CENTI: -2, MILLI: -3, MICRO: -6, NANO: -9, PICO: -12, FEMTO: -15, ATTO: -18,
}

/** Millimetres per unit of the usual conversion-based length units, for one whose measure cannot be followed. */
const NAMED_UNITS: Record<string, number> = { INCH: 25.4, FOOT: 304.8, YARD: 914.4, MILE: 1_609_344, MIL: 0.0254, THOU: 0.0254, MILLIMETRE: 1, CENTIMETRE: 10, METRE: 1000, KILOMETRE: 1e6 }

interface UnitRecord {
  length: boolean
  si?: { prefix: string | null; name: string }
  conversion?: { name: string; measure: number | null }
}

/** The radius-bearing records found on the first scan: by kind and radius, the placements seen with it. */
interface Found {
  kind: 'cylinder' | 'circle'
  raw: number
  placements: number[]
}

/**
 * The radii of the text's cylindrical surfaces and circles, in millimetres; at
 * most `limit` distinct (kind, radius) pairs. A circle placed in two dimensions (a curve in a
 * surface's parameters) is left out, as is a record that does not parse or names no placement.
 */
export function readStepRadii(input: string | Uint8Array, limit = RADII_LIMIT): StepRadii {
  const b = typeof input === 'string' ? new TextEncoder().encode(input) : input
  const found = new Map<number, Found>()
  let truncated = false
  const units = new Map<number, UnitRecord>()
  const measures = new Map<number, { value: number; unit: number; length: boolean }>()
  const contextUnits: number[] = []

  forEachRecord(b, (id, start, end) => {
    if (b[start] === C.Open) {
      if (end - start > COMPLEX_RECORD_LIMIT || !contains(b, start, end, 'UNIT')) return
    } else if (end - start > SIMPLE_RECORD_LIMIT) return
    const keyword = b[start] === C.Open ? '' : keywordAt(b, start, end)
    if (keyword === 'CYLINDRICAL_SURFACE' || keyword === 'CIRCLE') {
      const args = recordParts(b, start, end)?.get(keyword)
      const [placement, radius] = [args?.[1], args?.[2]]
      if (!isRef(placement) || typeof radius !== 'number' || !(radius > 0)) return
      const kind = keyword === 'CIRCLE' ? 'circle' : 'cylinder'
      // A circle's radius keyed negative, a cylinder's positive.
      const key = kind === 'circle' ? -radius : radius
      const known = found.get(key)
      if (known) {
        if (known.placements.length < PLACEMENTS_PER_RADIUS && !known.placements.includes(placement.ref)) known.placements.push(placement.ref)
      } else if (found.size < limit) found.set(key, { kind, raw: radius, placements: [placement.ref] })
      else truncated = true
      return
    }
    if (keyword && !keyword.includes('UNIT')) return
    const parts = recordParts(b, start, end)
    if (!parts) return
    // LENGTH_MEASURE_WITH_UNIT(LENGTH_MEASURE(25.4), #unit), or MEASURE_WITH_UNIT(…) with it in a complex record.
    const measure = [parts.get('LENGTH_MEASURE_WITH_UNIT'), parts.get('MEASURE_WITH_UNIT')].find((args) => args && args.length >= 2)
    if (measure && measures.size < limit) {
      const [value, unit] = measure
      const typed = isTyped(value) ? value : null
      const amount = typeof value === 'number' ? value : typeof typed?.args[0] === 'number' ? typed.args[0] : null
      const length = parts.has('LENGTH_MEASURE_WITH_UNIT') || typed?.typed === 'LENGTH_MEASURE'
      if (amount !== null && isRef(unit)) measures.set(id, { value: amount, unit: unit.ref, length })
    }
    const context = parts.get('GLOBAL_UNIT_ASSIGNED_CONTEXT')
    if (context && Array.isArray(context[0])) for (const u of context[0]) if (isRef(u) && contextUnits.length < 64) contextUnits.push(u.ref)
    const si = parts.get('SI_UNIT')
    const conversion = parts.get('CONVERSION_BASED_UNIT')
    if ((si || conversion) && units.size < limit) {
      const record: UnitRecord = { length: parts.has('LENGTH_UNIT') }
      if (si && si.length >= 2) {
        // SI_UNIT(prefix, name) in a complex record; SI_UNIT(*, prefix, name) as a simple one.
        const [prefix, name] = si.slice(-2)
        if (isEnum(name)) record.si = { prefix: isEnum(prefix) ? prefix.enum : null, name: name.enum }
        if (record.si?.name === 'METRE') record.length = true
      }
      if (conversion) {
        const [name, measure] = conversion
        record.conversion = { name: isText(name) ? name.text.trim().toUpperCase() : '', measure: isRef(measure) ? measure.ref : null }
      }
      units.set(id, record)
    }
  })

  const mmPerUnit = fileLengthUnit(contextUnits, units, measures)
  if (mmPerUnit === null) return { radii: [], mmPerUnit: null, truncated }
  if (found.size === 0) return { radii: [], mmPerUnit, truncated }

  // The placements named that are placements in three dimensions.
  const placed = new Set<number>()
  for (const f of found.values()) for (const p of f.placements) placed.add(p)
  const inSpace = new Set<number>()
  forEachRecord(b, (id, start, end) => {
    if (!placed.has(id) || end - start > SIMPLE_RECORD_LIMIT) return
    if (keywordAt(b, start, end) === 'AXIS2_PLACEMENT_3D' && recordParts(b, start, end)?.has('AXIS2_PLACEMENT_3D')) inSpace.add(id)
  })
  const radii: BrepRadius[] = []
  for (const f of found.values()) if (f.placements.some((p) => inSpace.has(p))) radii.push({ radius: f.raw * mmPerUnit, kind: f.kind })
  return { radii, mmPerUnit, truncated }
}

/** Millimetres per unit of a unit record, following a conversion-based unit's measure a few steps at most. */
function mmOf(id: number, units: Map<number, UnitRecord>, measures: Map<number, { value: number; unit: number }>, depth = 0): number | null {
  const unit = units.get(id)
  if (!unit || depth > 4) return null
  if (unit.si) return unit.si.name === 'METRE' ? 1000 * 10 ** (unit.si.prefix === null ? 0 : (SI_PREFIX[unit.si.prefix] ?? NaN)) : null
  if (unit.conversion) {
    const measure = unit.conversion.measure === null ? undefined : measures.get(unit.conversion.measure)
    const of = measure ? mmOf(measure.unit, units, measures, depth + 1) : null
    const mm = measure && of !== null ? measure.value * of : (NAMED_UNITS[unit.conversion.name] ?? null)
    return mm !== null && Number.isFinite(mm) && mm > 0 ? mm : null
  }
  return null
}

/**
 * Millimetres per unit of the length unit the representation contexts name: millimetres when none
 * names one; null when they name different ones.
 */
function fileLengthUnit(contextUnits: number[], units: Map<number, UnitRecord>, measures: Map<number, { value: number; unit: number; length: boolean }>): number | null {
  const named = new Set<number>()
  for (const id of contextUnits) {
    const unit = units.get(id)
    if (!unit) continue
    const measure = unit.conversion?.measure == null ? undefined : measures.get(unit.conversion.measure)
    if (!unit.length && !measure?.length) continue
    const mm = mmOf(id, units, measures)
    if (mm === null || !Number.isFinite(mm) || mm <= 0) return null
    named.add(mm)
  }
  const values = [...named]
  if (values.length === 0) return 1
  return values.every((v) => Math.abs(v - values[0]!) <= 1e-9 * values[0]!) ? values[0]! : null
}

/** The distinct radii, in ascending order. */
export function distinctRadii(radii: readonly BrepRadius[]): Float64Array {
  const sorted = Float64Array.from(new Set(radii.map((r) => r.radius))).sort()
  return sorted
}

/**
 * The radius of `radii` (ascending) that a fitted radius is taken for: the nearest, when within
 * max(1e-3, 0.2 % of it) of the fit (a tessellated cylinder's points lie on its surface, so the fit is
 * close); null when none is.
 */
export function matchRadius(fitted: number, radii: Float64Array): number | null {
  let lo = 0
  let hi = radii.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (radii[mid]! < fitted) lo = mid + 1
    else hi = mid
  }
  let best: number | null = null
  for (const r of [radii[lo - 1], radii[lo]]) {
    if (r === undefined || Math.abs(fitted - r) > Math.max(1e-3, 0.002 * r)) continue
    if (best === null || Math.abs(fitted - r) < Math.abs(fitted - best)) best = r
  }
  return best
}

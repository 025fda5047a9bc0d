import { describe, expect, it } from 'vitest'
import { distinctRadii, matchRadius, readStepRadii } from './step-radii'

const MM = '(LENGTH_UNIT() NAMED_UNIT(*) SI_UNIT(.MILLI.,.METRE.))'

/** A STEP file whose representation context names `unit` (record #1) and holds `records`, numbered from #10 by the caller. */
function step(records: string[], unit = MM, extra: string[] = []): string {
  return [
    'ISO-10303-21;',
    'HEADER;',
    "FILE_DESCRIPTION(('radii; units'),'2;1');",
    "FILE_NAME('part.step','2026-11-27T00:00:00',('O''Brien'),(''),'','','');",
    "FILE_SCHEMA(('AUTOMOTIVE_DESIGN { 1 0 10303 214 1 1 1 1 }'));",
    'ENDSEC;',
    'DATA;',
    `#1=${unit};`,
    ...extra,
    "#2=(NAMED_UNIT(*) PLANE_ANGLE_UNIT() SI_UNIT($,.RADIAN.));",
    "#3=(GEOMETRIC_REPRESENTATION_CONTEXT(3) GLOBAL_UNIT_ASSIGNED_CONTEXT((#1,#2)) REPRESENTATION_CONTEXT('',''));",
    "#4=CARTESIAN_POINT('',(0.,0.,0.));",
    "#5=DIRECTION('',(0.,0.,1.));",
    "#6=DIRECTION('',(1.,0.,0.));",
    "#7=AXIS2_PLACEMENT_3D('',#4,#5,#6);",
    "#8=DIRECTION('',(0.,2.,0.));",
    "#9=AXIS2_PLACEMENT_3D('',#4,#8,#6);",
    ...records,
    'ENDSEC;',
    'END-ISO-10303-21;',
  ].join('\n')
}

const radiiOf = (text: string) => [...distinctRadii(readStepRadii(text).radii)]

describe('readStepRadii', () => {
  it("reads each cylindrical surface's and circle's radius, in millimetres", () => {
    const found = readStepRadii(step(["#10=CYLINDRICAL_SURFACE('hole',#7,10.);", "#11=CIRCLE('',#9,2.5);", "#12=CIRCLE('',#7,10.);", "#13=CYLINDRICAL_SURFACE('',#7,10.);"]))
    expect(found.mmPerUnit).toBe(1)
    expect(found.truncated).toBe(false)
    expect(found.radii).toEqual([
      { radius: 10, kind: 'cylinder' },
      { radius: 2.5, kind: 'circle' },
      { radius: 10, kind: 'circle' },
    ])
    expect(radiiOf(step(["#10=CYLINDRICAL_SURFACE('hole',#7,10.);", "#11=CIRCLE('',#9,2.5);", "#12=CIRCLE('',#7,10.);"]))).toEqual([2.5, 10])
  })

  it('converts metres, centimetres, inches and feet to millimetres, following a conversion-based unit to its measure', () => {
    const cylinder = ["#10=CYLINDRICAL_SURFACE('',#7,0.5);"]
    expect(radiiOf(step(cylinder, '(LENGTH_UNIT() NAMED_UNIT(*) SI_UNIT($,.METRE.))'))).toEqual([500])
    expect(radiiOf(step(cylinder, '(LENGTH_UNIT() NAMED_UNIT(*) SI_UNIT(.CENTI.,.METRE.))'))).toEqual([5])
    // An inch as a conversion of millimetres (#20), as CAD systems write it.
    const inch = "(CONVERSION_BASED_UNIT('INCH',#21) LENGTH_UNIT() NAMED_UNIT(#22))"
    const inchMeasure = [`#20=${MM};`, '#21=LENGTH_MEASURE_WITH_UNIT(LENGTH_MEASURE(25.4),#20);', '#22=DIMENSIONAL_EXPONENTS(1.,0.,0.,0.,0.,0.,0.);']
    const inches = readStepRadii(step(cylinder, inch, inchMeasure))
    expect(inches.mmPerUnit).toBeCloseTo(25.4, 12)
    expect(inches.radii.map((r) => r.radius)).toEqual([12.7])
    // The measure followed, not the name: a "FOOT" of 0.3048 m.
    const foot = ["#20=(LENGTH_UNIT() NAMED_UNIT(*) SI_UNIT($,.METRE.));", '#21=(LENGTH_MEASURE_WITH_UNIT() MEASURE_WITH_UNIT(LENGTH_MEASURE(0.3048),#20));', '#22=DIMENSIONAL_EXPONENTS(1.,0.,0.,0.,0.,0.,0.);']
    expect(radiiOf(step(cylinder, "(CONVERSION_BASED_UNIT('FOOT',#21) LENGTH_UNIT() NAMED_UNIT(#22))", foot))[0]).toBeCloseTo(152.4, 9)
    // A conversion whose measure is missing is taken by its name.
    expect(radiiOf(step(cylinder, "(CONVERSION_BASED_UNIT('INCH',#99) LENGTH_UNIT() NAMED_UNIT(*))"))).toEqual([12.7])
  })

  it('gives no radii when the contexts name different length units, and millimetres when they name none', () => {
    const mixed = step(["#10=CYLINDRICAL_SURFACE('',#7,1.);"], MM, ['#30=(LENGTH_UNIT() NAMED_UNIT(*) SI_UNIT($,.METRE.));', "#31=(GEOMETRIC_REPRESENTATION_CONTEXT(3) GLOBAL_UNIT_ASSIGNED_CONTEXT((#30)) REPRESENTATION_CONTEXT('',''));"])
    expect(readStepRadii(mixed)).toEqual({ radii: [], mmPerUnit: null, truncated: false })
    const none = ["#4=CARTESIAN_POINT('',(0.,0.,0.));", "#7=AXIS2_PLACEMENT_3D('',#4,$,$);", "#10=CIRCLE('',#7,3.);"].join('\n')
    expect(readStepRadii(`DATA;\n${none}\nENDSEC;`).radii).toEqual([{ radius: 3, kind: 'circle' }])
  })

  it("steps over strings holding ';', quotes written '' and look-alike records, and over comments", () => {
    const text = step([
      "#10=PRODUCT('rod; 20'' long;#11=CYLINDRICAL_SURFACE(''x'',#7,99.);','''',$,(#3));",
      '/* #12=CYLINDRICAL_SURFACE(\'\',#7,77.); a comment; with semicolons */',
      "#13=CYLINDRICAL_SURFACE('O''Neil''s bore; 6 mm',#7,3.);",
      "#14 = CIRCLE ( 'a''' , #9 , 4.E0 ) ;",
    ])
    expect(radiiOf(text)).toEqual([3, 4])
  })

  it('ignores malformed records, circles placed in two dimensions and records naming no placement, and reads the rest', () => {
    const text = step([
      "#10=CYLINDRICAL_SURFACE('',#7,);",
      "#11=CIRCLE('',#7,-3.);",
      "#12=CIRCLE('',#7,abc);",
      "#13=CYLINDRICAL_SURFACE('',#7,5.;",
      "#14=CIRCLE('',#7,1.E);",
      "#15=CIRCLE('',#404,6.);",
      "#16=AXIS2_PLACEMENT_2D('',#4,#6);",
      "#17=CIRCLE('',#16,7.);",
      "#18=CYLINDRICAL_SURFACE('',$,8.);",
      `#19=CIRCLE('',${'('.repeat(50)}#7${')'.repeat(50)},9.);`,
      "#20=CIRCLE('unclosed,#7,11.);",
      "#21=CYLINDRICAL_SURFACE('',#7,12.);",
    ])
    expect(radiiOf(text)).toEqual([])
    // The unclosed string runs to the end of the text: nothing after it is read, and nothing fails.
    expect(radiiOf(text.replace("#20=CIRCLE('unclosed,#7,11.);", ''))).toEqual([12])
    expect(readStepRadii('not a STEP file at all; #=;#1=;#2=CIRCLE(;').radii).toEqual([])
    expect(readStepRadii(new Uint8Array([0x23, 0x31, 0x3d, 0xff, 0x00, 0x27])).radii).toEqual([])
  })

  it('finds a placement written after the surface that names it', () => {
    const text = ["DATA;", "#1=CYLINDRICAL_SURFACE('',#3,6.);", "#3=AXIS2_PLACEMENT_3D('',#4,#5,$);", "#4=CARTESIAN_POINT('',(0.,0.,0.));", "#5=DIRECTION('',(1.,0.,0.));", 'ENDSEC;'].join('\n')
    expect(readStepRadii(text).radii).toEqual([{ radius: 6, kind: 'cylinder' }])
  })

  it('keeps at most the limit of distinct radii, saying so', () => {
    const many = (n: number) => step(Array.from({ length: n }, (_, i) => `#${100 + i}=CYLINDRICAL_SURFACE('',#7,${i + 1}.);`))
    const five = readStepRadii(many(20), 5)
    expect(five.radii.map((r) => r.radius)).toEqual([1, 2, 3, 4, 5])
    expect(five.truncated).toBe(true)
    const all = readStepRadii(many(10_050))
    expect(all.radii).toHaveLength(10_000)
    expect(all.truncated).toBe(true)
    // The same radius many times over is one.
    expect(readStepRadii(step(Array.from({ length: 500 }, (_, i) => `#${100 + i}=CYLINDRICAL_SURFACE('',#7,2.);`))).radii).toHaveLength(1)
  })

  it('reads long runs of quotes, parentheses, comment openers and unfinished records to their end without failing', () => {
    for (const filler of ["'", '(', '/*', "#1=CIRCLE('',", '#', '#1=(']) {
      expect(readStepRadii(`DATA;\n${filler.repeat(200_000)}\n#9=CIRCLE('',#7,1.);`)).toEqual({ radii: [], mmPerUnit: 1, truncated: false })
    }
  })
})

describe('matchRadius', () => {
  const radii = Float64Array.from([2.5, 10, 250])
  it('takes the nearest radius within max(0.001, 0.2 % of it) of the fit, else none', () => {
    expect(matchRadius(10.0004, radii)).toBe(10)
    expect(matchRadius(9.981, radii)).toBe(10)
    expect(matchRadius(9.97, radii)).toBeNull()
    expect(matchRadius(250.45, radii)).toBe(250)
    expect(matchRadius(250.6, radii)).toBeNull()
    expect(matchRadius(2.5009, radii)).toBe(2.5)
    expect(matchRadius(1, radii)).toBeNull()
    expect(matchRadius(10, new Float64Array())).toBeNull()
  })
})
